import { createInMemoryChangeMemory } from './change-memory.ts'
import { changeMemoryContract } from './change-memory-contract.ts'
import { createInMemoryTracker } from './tracker.ts'
import { trackerContract } from './tracker-contract.ts'
import { createInMemoryTrackingRequests } from './tracking-requests.ts'
import { trackingRequestsContract } from './tracking-requests-contract.ts'

// The Redis adapters run the same suites against a real redis-server in test/src/shared-state.
trackerContract('in memory', async () => createInMemoryTracker())
changeMemoryContract('in memory', async () => createInMemoryChangeMemory())
trackingRequestsContract('in memory', async () => createInMemoryTrackingRequests())
