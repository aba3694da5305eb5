// Test helpers shared with the integration project; they import vitest, so they stay out of index.ts.
export * from './scheduling/scheduler-contract.ts'
