import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import { type Granularity, PARTIAL_FROM_HEADER } from '@ludex/schemas'
import Koa from 'koa'
import { describe, expect, it } from 'vitest'
import { HISTORY_START_HEADER } from '../../viewer/history-window.ts'
import type { Viewer } from '../../viewer/viewer.ts'
import { resolveBucketRange, wholeFrom } from './stats-range.ts'

const VISITOR: Viewer = { kind: 'visitor' }
const USER: Viewer = { kind: 'user', userId: 1, role: 'viewer', permissions: [] }
const t = (iso: string) => Date.parse(iso)
const iso = (ms: number) => new Date(ms).toISOString()

function context() {
  const req = new IncomingMessage(new Socket())
  return new Koa().createContext(req, new ServerResponse(req))
}

function resolve(viewer: Viewer, g: Granularity, now: string, start?: string, end?: string) {
  const ctx = context()
  const range = resolveBucketRange({
    viewer,
    nowMs: t(now),
    granularity: g,
    startMs: start === undefined ? undefined : t(start),
    endMs: end === undefined ? undefined : t(end),
    defaultStartMs: t('2022-01-01T01:00:00Z'),
    ctx,
  })
  return {
    from: iso(range.fromMs),
    to: iso(range.toMs),
    partial: ctx.response.get(PARTIAL_FROM_HEADER) || null,
    history: ctx.response.get(HISTORY_START_HEADER) || null,
    inProgress: iso(range.inProgressMs),
  }
}

describe('resolveBucketRange: the period in progress', () => {
  it.each([
    // At 01:00 on Monday 1 June the day, the week and the month that began then are in progress.
    ['day', '2026-06-01T01:00:00Z', '2026-06-01T01:00:00.000Z'],
    ['week', '2026-06-01T01:00:00Z', '2026-06-01T01:00:00.000Z'],
    ['month', '2026-06-01T01:00:00Z', '2026-06-01T01:00:00.000Z'],
    // At 01:00 the hour of 00:01 is still open (its last slot, 01:00, is being polled).
    ['hour', '2026-06-01T01:00:00Z', '2026-06-01T00:01:00.000Z'],
    // A second before: the day of 31 May, the week of 25 May, the month of May.
    ['day', '2026-06-01T00:59:59Z', '2026-05-31T01:00:00.000Z'],
    ['week', '2026-06-01T00:59:59Z', '2026-05-25T01:00:00.000Z'],
    ['month', '2026-06-01T00:59:59Z', '2026-05-01T01:00:00.000Z'],
    // Just after.
    ['hour', '2026-06-01T01:10:30Z', '2026-06-01T01:01:00.000Z'],
    ['month', '2026-06-01T01:10:30Z', '2026-06-01T01:00:00.000Z'],
  ] as const)('%s at %s: %s', (g, now, partial) => {
    expect(resolve(USER, g, now).partial).toBe(partial)
    // The range names it for the store reads, which keep it for a place whose history began inside it.
    expect(resolve(USER, g, now, '2026-01-01T00:00:00Z', '2026-03-01T00:00:00Z').inProgress).toBe(partial)
    // A visitor's answer holds it too when it starts inside the window (30 days back).
    const inWindow = t(partial) >= t(now) - 30 * 86_400_000
    expect(resolve(VISITOR, g, now).partial).toBe(inWindow ? partial : null)
  })

  it('leaves it out of a visitor’s answer that cannot hold it', () => {
    // The window opens 2 May 00:59:59, after May began: the answer has no month, so no header.
    const r = resolve(VISITOR, 'month', '2026-06-01T00:59:59Z')
    expect(r).toEqual({
      from: '2026-06-01T01:00:00.000Z',
      to: '2026-06-01T01:00:00.000Z',
      partial: null,
      history: '2026-06-01T01:00:00.000Z',
      inProgress: '2026-05-01T01:00:00.000Z',
    })
  })

  it('names it only when the range reaches it', () => {
    const now = '2026-06-01T01:10:30Z'
    expect(resolve(USER, 'day', now, '2026-05-01T00:00:00Z', '2026-05-31T23:00:00Z').partial).toBeNull()
    // An end inside the current period reaches it (its bucket is read whole, so far).
    expect(resolve(USER, 'day', now, '2026-05-01T00:00:00Z', '2026-06-01T01:05:00Z').partial).toBe(
      '2026-06-01T01:00:00.000Z',
    )
    // A start after it (a future range) does not.
    expect(resolve(USER, 'day', now, '2026-06-03T00:00:00Z').partial).toBeNull()
  })

  it('snaps a user’s start down to its period and keeps the visitor rule', () => {
    const now = '2026-06-01T01:10:30Z'
    expect(resolve(USER, 'day', now, '2026-05-20T18:00:00Z').from).toBe('2026-05-20T01:00:00.000Z')
    // The window opens 2 May 01:10:30: a visitor's first day is 3 May, and the header says so.
    const visitor = resolve(VISITOR, 'day', now, '2026-05-02T05:00:00Z')
    expect(visitor.from).toBe('2026-05-03T01:00:00.000Z')
    expect(visitor.history).toBe('2026-05-03T01:00:00.000Z')
  })
})

describe('wholeFrom: a history that begins inside a period', () => {
  const now = t('2026-06-01T01:10:30Z')
  it('moves the start past a period that began before the history', () => {
    const from = t('2026-04-01T01:00:00Z')
    expect(iso(wholeFrom(from, t('2026-04-29T13:20:00Z'), now, 'day'))).toBe('2026-04-30T01:00:00.000Z')
    expect(iso(wholeFrom(from, t('2026-04-29T13:20:00Z'), now, 'week'))).toBe('2026-05-04T01:00:00.000Z')
    expect(iso(wholeFrom(from, t('2026-04-29T13:20:00Z'), now, 'month'))).toBe('2026-05-01T01:00:00.000Z')
    // A history that began at a period start keeps it.
    expect(iso(wholeFrom(from, t('2026-05-01T01:00:00Z'), now, 'month'))).toBe('2026-05-01T01:00:00.000Z')
  })

  it('never moves a later start, and leaves a series without history alone', () => {
    const from = t('2026-05-10T01:00:00Z')
    expect(wholeFrom(from, t('2026-04-29T13:20:00Z'), now, 'day')).toBe(from)
    expect(wholeFrom(from, null, now, 'day')).toBe(from)
  })

  it('keeps the period in progress even when the history began inside it (it is marked anyway)', () => {
    const from = t('2026-01-01T01:00:00Z')
    expect(iso(wholeFrom(from, t('2026-06-01T01:10:00Z'), now, 'day'))).toBe('2026-06-01T01:00:00.000Z')
    expect(iso(wholeFrom(from, t('2026-05-20T10:30:00Z'), now, 'month'))).toBe('2026-06-01T01:00:00.000Z')
  })
})
