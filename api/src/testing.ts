// Test helpers shared with the integration project; they import vitest, so they stay out of index.ts.

export * from './app/store-free-app.ts'
export * from './cache/aggregate-cache-contract.ts'
export * from './security/rate-limiter-contract.ts'
