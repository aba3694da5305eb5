import { createMemoryAggregateCache } from './aggregate-cache.ts'
import { aggregateCacheContract } from './aggregate-cache-contract.ts'

// The Redis adapter runs the same suite against a real redis-server in test/src/shared-state.
aggregateCacheContract('in memory', async () => createMemoryAggregateCache())
