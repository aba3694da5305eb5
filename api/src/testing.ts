// Test helpers shared with the integration project; they import vitest, so they stay out of index.ts.
export {
  type RateLimiterFactory,
  type RateLimiterUnderTest,
  rateLimiterContract,
} from './security/rate-limiter-contract.ts'
