import { hostPacerContract } from './pacer-contract.ts'
import { abortableSleep, createHostPacer, createMemoryPacingBudgets } from './pacing.ts'

// The pacers of one process on one budgets map: the in-memory twin of poller processes sharing Redis.
hostPacerContract('in memory', () => {
  const budgets = createMemoryPacingBudgets()
  return {
    pacer: (egress, o) =>
      createHostPacer({
        ...o,
        egress,
        budgets,
        now: () => performance.now(),
        sleep: abortableSleep,
        random: Math.random,
      }),
    settle: async () => {},
    close: async () => {},
  }
})
