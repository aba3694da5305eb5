import { clusterOf, createAnalyticsClient, migrate, rebuild, SINK_GROUP } from '@ludex/pipelines'
import type { RangeProgress, TopicPosition } from '@ludex/pipelines/kafka'
import { type Command, InvalidArgumentError } from 'commander'
import { commandContext } from '../runtime/context.ts'
import { lockDataDirFor } from '../runtime/data-dir/data-dir-use.ts'
import { intOption, timeOption } from '../runtime/options.ts'
import { createProgress, formatDuration, type Progress } from '../runtime/progress.ts'
import { sinkHandlerOf } from '../runtime/sink-handler.ts'
import { withRefusals } from './refusals.ts'

/** `offset:N` is an offset on every partition; anything else a time (ISO date/time or epoch ms). */
function positionOption(name: string) {
  const time = timeOption(name)
  return (value: string): TopicPosition => {
    const offset = /^offset:(\d+)$/.exec(value)
    if (offset) return { offset: Number(offset[1]) }
    if (value.startsWith('offset:')) throw new InvalidArgumentError(`${name}: offset:N takes a whole number`)
    return { time: time(value) }
  }
}

const describePosition = (p: TopicPosition) =>
  'offset' in p ? `offset ${p.offset}` : new Date(p.time).toISOString()

export function replayCommand(program: Command): void {
  program
    .command('replay')
    .description(
      "Reset a group's offsets on a topic to a time or offset and re-consume into the store (Kafka; the group's consumers must be stopped)",
    )
    .requiredOption('--topic <name>', 'bus topic, e.g. snapshots.v1')
    .requiredOption(
      '--from <time|offset:N>',
      'start: ISO date/time, epoch ms, or offset:N',
      positionOption('--from'),
    )
    .option(
      '--to <time|offset:N>',
      'end, exclusive (default: the end of the topic now)',
      positionOption('--to'),
    )
    .option('--group <name>', 'consumer group', SINK_GROUP)
    .option('--batch <n>', 'messages per insert', intOption('--batch', 1, 1_000_000))
    .action(
      withRefusals(
        'replay',
        async (opts: {
          topic: string
          from: TopicPosition
          to?: TopicPosition
          group: string
          batch?: number
        }) => {
          const { config, logger } = commandContext()
          const { dataTopics, replayTopic } = await import('@ludex/pipelines/kafka')
          const { operatorBus, topicNamed } = await import('../runtime/kafka.ts')
          const topic = topicNamed(dataTopics, opts.topic)
          const lock = await lockDataDirFor(config, logger, {
            command: 'ludex replay',
            use: { analytics: true },
          })
          const bus = operatorBus('replay', config, logger)
          const client = await createAnalyticsClient(config, logger).catch(async (err: unknown) => {
            await bus.close()
            await lock?.release()
            throw err
          })
          const started = performance.now()
          try {
            await migrate(client, logger, { cluster: clusterOf(config) })
            let range: { fromMs: number; toMs: number } | null = null
            const handler = sinkHandlerOf(topic, client, logger, (e) => {
              range = range
                ? { fromMs: Math.min(range.fromMs, e.minSlot), toMs: Math.max(range.toMs, e.maxSlot) }
                : { fromMs: e.minSlot, toMs: e.maxSlot }
            })
            let progress: Progress | null = null
            const onProgress = (p: RangeProgress) => {
              progress ??= createProgress(`replay ${topic.name}`, p.total, logger)
              progress.update(p.done, `lag ${(p.total - p.done).toLocaleString('en-US')} records`)
            }
            const summary = await replayTopic(bus, {
              topic,
              group: opts.group,
              from: opts.from,
              ...(opts.to && { to: opts.to }),
              maxBatch: opts.batch ?? config.SINK_BATCH_MAX,
              handler,
              onProgress,
            })
            ;(progress as Progress | null)?.stop()
            const inserted = range as { fromMs: number; toMs: number } | null
            if (inserted) await rebuild(client, { fromMs: inserted.fromMs, toMs: inserted.toMs + 1 })
            const offsets = summary.partitions.map((p) => `${p.partition}:${p.after}`).join(' ')
            console.log(
              [
                `replay: ${(summary.handled + summary.deadLettered).toLocaleString('en-US')} messages (${summary.records.toLocaleString('en-US')} records) of ${topic.name} re-consumed by group ${opts.group}`,
                `from ${describePosition(opts.from)}${opts.to ? ` to ${describePosition(opts.to)}` : ''}`,
                `(${summary.partitions.length} partitions, ${summary.deadLettered} dead-lettered) in ${formatDuration(performance.now() - started)};`,
                inserted
                  ? `rollups rebuilt ${new Date(inserted.fromMs).toISOString()} → ${new Date(inserted.toMs).toISOString()};`
                  : 'nothing inserted;',
                `group left at ${offsets}`,
              ].join(' '),
            )
          } finally {
            await bus.close()
            await client.close()
            await lock?.release()
          }
        },
      ),
    )
}
