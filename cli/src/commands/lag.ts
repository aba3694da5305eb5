import { SINK_GROUP } from '@ludex/pipelines'
import type { PartitionLag } from '@ludex/pipelines/kafka'
import type { Command } from 'commander'
import { commandContext } from '../runtime/context.ts'

/**
 * The table and summary `ludex lag` prints. Lag is in records (offsets): a record is one message, or a
 * packed run of one key's messages (see the Kafka bus in pipelines/README.md).
 */
export function formatLag(group: string, rows: readonly PartitionLag[]): string {
  const header = ['topic', 'partition', 'committed', 'end', 'lag']
  const cells = rows.map((r) => [
    r.topic,
    String(r.partition),
    r.committed === null ? '-' : String(r.committed),
    String(r.end),
    String(r.lag),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)))
  const line = (c: string[]) =>
    c.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ')
  const total = rows.reduce((n, r) => n + r.lag, 0)
  const topicCount = new Set(rows.map((r) => r.topic)).size
  const behind = rows.filter((r) => r.lag > 0).length
  return [
    line(header),
    ...cells.map(line),
    `lag: ${total.toLocaleString('en-US')} records behind for group ${group} on ${topicCount} topic(s), ${behind} of ${rows.length} partitions behind`,
  ].join('\n')
}

export function lagCommand(program: Command): void {
  program
    .command('lag')
    .description('Show consumer lag per partition of a group (Kafka)')
    .option('--group <name>', 'consumer group', SINK_GROUP)
    .option('--topic <name...>', 'only these topics (default: every data topic)')
    .action(async (opts: { group: string; topic?: string[] }) => {
      const { config, logger } = commandContext()
      // Kafka's client is loaded by the Kafka commands only (see cli/README.md, the module check).
      const { consumerLag, dataTopics } = await import('@ludex/pipelines/kafka')
      const { operatorBus, topicNamed } = await import('../runtime/kafka.ts')
      const selected = opts.topic ? opts.topic.map((n) => topicNamed(dataTopics, n)) : dataTopics
      const bus = operatorBus('lag', config, logger)
      try {
        console.log(formatLag(opts.group, await consumerLag(bus, opts.group, selected)))
      } finally {
        await bus.close()
      }
    })
}
