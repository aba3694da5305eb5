// Test helpers shared with the integration project; they import vitest, so they stay out of index.ts.

export * from './pollers/change-memory-contract.ts'
export * from './pollers/collecting-publisher.ts'
export * from './pollers/tracker-contract.ts'
export * from './pollers/tracking-requests-contract.ts'
export * from './roblox/pacer-contract.ts'
export * from './scheduling/scheduler-contract.ts'
