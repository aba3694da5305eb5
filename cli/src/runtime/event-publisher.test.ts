import { type Bus, type GameEventV1, topics } from '@ludex/schemas'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { lazyPublisher } from './event-publisher.ts'

const silent = pino({ level: 'silent' })
const event: GameEventV1 = {
  schema_version: 1,
  place_id: 1,
  game_key: 'a'.repeat(32),
  event_id: 'e',
  name: 'n',
  time: 1,
  value: null,
  properties: '{}',
  received_at: 1,
}

/** A bus that records what it was given and whether it was closed. */
function recordingBus(log: string[]): Bus {
  return {
    publish: async (topic, messages) => {
      log.push(`publish ${topic.name} ${messages.length}`)
    },
    subscribe: () => ({ stop: async () => {} }),
    drain: async () => {},
    close: async () => {
      log.push('close')
    },
  }
}

describe('the API’s lazily opened publisher', () => {
  it('opens its bus on the first batch only, once for concurrent batches, and closes it', async () => {
    const log: string[] = []
    let opens = 0
    const p = lazyPublisher(async () => {
      opens++
      return recordingBus(log)
    }, silent)
    expect(p.opened()).toBe(false)
    await Promise.all([p.publish(topics.gameEvents, [event]), p.publish(topics.gameEvents, [event, event])])
    expect(opens).toBe(1)
    expect(p.opened()).toBe(true)
    expect(log.sort()).toEqual(['publish game-events.v1 1', 'publish game-events.v1 2'])
    await p.close()
    expect(log).toContain('close')
    await expect(p.publish(topics.gameEvents, [event])).rejects.toThrow(/closed/)
  })

  it('tries again after an opening that failed, and closes nothing it never opened', async () => {
    const log: string[] = []
    let attempts = 0
    const p = lazyPublisher(async () => {
      attempts++
      if (attempts === 1) throw new Error('broker unreachable')
      return recordingBus(log)
    }, silent)
    await expect(p.publish(topics.gameEvents, [event])).rejects.toThrow('broker unreachable')
    expect(p.opened()).toBe(false)
    await p.publish(topics.gameEvents, [event])
    expect(attempts).toBe(2)
    const never = lazyPublisher(async () => recordingBus(log), silent)
    await never.close()
    expect(log.filter((l) => l === 'close')).toEqual([])
  })
})
