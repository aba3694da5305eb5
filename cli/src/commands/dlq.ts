import type { RangeProgress } from '@ludex/pipelines/kafka'
import type { DeadLetterV1 } from '@ludex/schemas'
import type { Command } from 'commander'
import type { Logger } from 'pino'
import { commandContext } from '../runtime/context.ts'
import { intOption } from '../runtime/options.ts'
import { createProgress, type Progress } from '../runtime/progress.ts'

const PAYLOAD_CHARS = 160
const REASONS_SHOWN = 20

function progressOf(label: string, logger: Logger) {
  let progress: Progress | null = null
  return {
    onProgress: (p: RangeProgress) => {
      progress ??= createProgress(label, p.total, logger)
      progress.update(p.done)
    },
    stop: () => (progress as Progress | null)?.stop(),
  }
}

/** The lines and summary `ludex dlq list` prints (the newest `limit` letters; the summary counts all). */
export function formatDeadLetters(letters: readonly DeadLetterV1[], limit: number): string {
  const shown = letters.slice(Math.max(0, letters.length - limit))
  const byTopic = new Map<string, number>()
  for (const l of letters) byTopic.set(l.topic, (byTopic.get(l.topic) ?? 0) + 1)
  const payload = (p: string) => (p.length > PAYLOAD_CHARS ? `${p.slice(0, PAYLOAD_CHARS)}…` : p)
  const counts = [...byTopic].map(([t, n]) => `${t}: ${n}`).join(', ')
  return [
    ...shown.map(
      (l) =>
        `${new Date(l.failed_at).toISOString()}  ${l.topic}  key=${l.key}  ${l.reason}  ${payload(l.payload)}`,
    ),
    `dlq: ${letters.length} dead letter(s)${letters.length > 0 ? ` (${counts})` : ''}${shown.length < letters.length ? `, newest ${shown.length} shown` : ''}`,
  ].join('\n')
}

export function dlqCommand(program: Command): void {
  const dlq = program.command('dlq').description('Inspect and retry the dead-letter topic (Kafka)')
  dlq
    .command('list')
    .description('List dead letters, oldest first')
    .option('--topic <name>', 'only letters of this topic')
    .option('--limit <n>', 'show the newest n', intOption('--limit', 1), 100)
    .action(async (opts: { topic?: string; limit: number }) => {
      const { config, logger } = commandContext()
      const { listDeadLetters } = await import('@ludex/pipelines/kafka')
      const { operatorBus } = await import('../runtime/kafka.ts')
      const bus = operatorBus('dlq list', config, logger)
      const progress = progressOf('dlq list', logger)
      try {
        const letters = await listDeadLetters(bus, {
          ...(opts.topic && { topic: opts.topic }),
          onProgress: progress.onProgress,
        })
        progress.stop()
        console.log(formatDeadLetters(letters, opts.limit))
      } finally {
        await bus.close()
      }
    })
  dlq
    .command('retry')
    .description('Validate dead letters again and publish the ones now valid to their topic')
    .option('--from-beginning', 'reconsider every retained letter, not only those not retried yet')
    .option('--dry-run', 'only count what would be republished')
    .action(async (opts: { fromBeginning?: boolean; dryRun?: boolean }) => {
      const { config, logger } = commandContext()
      const { retryDeadLetters } = await import('@ludex/pipelines/kafka')
      const { operatorBus } = await import('../runtime/kafka.ts')
      const bus = operatorBus('dlq retry', config, logger)
      const progress = progressOf('dlq retry', logger)
      try {
        const s = await retryDeadLetters(bus, {
          fromBeginning: opts.fromBeginning === true,
          dryRun: opts.dryRun === true,
          onProgress: progress.onProgress,
        })
        progress.stop()
        const lines = s.reasons.slice(0, REASONS_SHOWN).map((r) => `still invalid: ${r}`)
        if (s.reasons.length > REASONS_SHOWN) lines.push(`… and ${s.reasons.length - REASONS_SHOWN} more`)
        const verb = opts.dryRun ? 'would be republished' : 'republished'
        const perTopic = Object.entries(s.byTopic)
          .map(([t, c]) => `${t}: ${c.republished} ${verb}, ${c.stillInvalid} still invalid`)
          .join('; ')
        lines.push(
          `dlq retry${opts.dryRun ? ' (dry run)' : ''}: ${s.read} read, ${s.republished} ${verb}, ${s.stillInvalid} still invalid${perTopic ? ` (${perTopic})` : ''}`,
        )
        console.log(lines.join('\n'))
      } finally {
        await bus.close()
      }
    })
}
