import { describe, expect, it } from 'vitest'
import { EVENT_BATCH_MAX, EVENT_PROPERTIES_MAX } from '../events/limits.ts'
import { gameCredentialCreate, gameCredentialUpdate } from './credentials.ts'
import { gameEventBatch } from './game-events.ts'

const good = { id: '04AEBFEA-87FC-480F-A98B-E5E221007A90', name: 'level_completed', time: 1_763_474_580_000 }
const issues = (value: unknown) => {
  const r = gameEventBatch.safeParse(value)
  return r.success ? [] : r.error.issues.map((i) => i.path.join('.'))
}

describe('a batch of game events', () => {
  it('takes events with an id, a name and a time, and optional value and flat properties', () => {
    const parsed = gameEventBatch.parse({
      events: [
        good,
        { ...good, id: 'b', name: '  purchase ', value: -2.5, properties: { sku: 'x', n: 1, ok: true } },
      ],
    })
    expect(parsed.events[1]).toEqual({
      id: 'b',
      name: 'purchase',
      time: good.time,
      value: -2.5,
      properties: { sku: 'x', n: 1, ok: true },
    })
  })

  it.each([
    ['no events', { events: [] }, 'events'],
    ['too many events', { events: Array(EVENT_BATCH_MAX + 1).fill(good) }, 'events'],
    ['a blank name', { events: [{ ...good, name: '   ' }] }, 'events.0.name'],
    ['a control character', { events: [{ ...good, name: 'a\u0007b' }] }, 'events.0.name'],
    ['an id with a space', { events: [{ ...good, id: 'a b' }] }, 'events.0.id'],
    ['an id of 65', { events: [{ ...good, id: 'x'.repeat(65) }] }, 'events.0.id'],
    ['a fractional time', { events: [{ ...good, time: 1.5 }] }, 'events.0.time'],
    ['a time before 2006', { events: [{ ...good, time: 0 }] }, 'events.0.time'],
    ['a text value', { events: [{ ...good, value: '3' }] }, 'events.0.value'],
    ['a nested property', { events: [{ ...good, properties: { a: { b: 1 } } }] }, 'events.0.properties.a'],
    [
      'a long property',
      { events: [{ ...good, properties: { a: 'x'.repeat(257) } }] },
      'events.0.properties.a',
    ],
    [
      'too many properties',
      {
        events: [
          {
            ...good,
            properties: Object.fromEntries(
              Array.from({ length: EVENT_PROPERTIES_MAX + 1 }, (_, i) => [`k${i}`, i]),
            ),
          },
        ],
      },
      'events.0.properties',
    ],
  ])('refuses %s, naming where', (_what, value, path) => {
    expect(issues(value)).toContain(path)
  })
})

describe('credential requests', () => {
  it('trims names and refuses blank ones, and needs a place id', () => {
    expect(gameCredentialCreate.parse({ placeId: 920587237, comment: '  Live  ' })).toEqual({
      placeId: 920587237,
      comment: 'Live',
    })
    expect(gameCredentialCreate.safeParse({ placeId: 920587237, comment: ' \t ' }).success).toBe(false)
    expect(gameCredentialCreate.safeParse({ comment: 'x' }).success).toBe(false)
  })

  it('updates a name or the disabled flag, at least one', () => {
    expect(gameCredentialUpdate.parse({ disabled: true, game_key: 'ignored' })).toEqual({ disabled: true })
    expect(gameCredentialUpdate.safeParse({}).success).toBe(false)
  })
})
