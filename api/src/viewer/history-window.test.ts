import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import Koa from 'koa'
import { describe, expect, it } from 'vitest'
import { HISTORY_START_HEADER, type HistoryUnit, visibleFrom, visitorHistoryStart } from './history-window.ts'
import type { Viewer } from './viewer.ts'

const VISITOR: Viewer = { kind: 'visitor' }
const USER: Viewer = { kind: 'user', userId: 1, role: 'viewer', permissions: [] }

/** 2026-11-18 14:03 UTC: the window opens 2026-10-19 14:03, a Monday afternoon. */
const NOW = Date.parse('2026-11-18T14:03:00Z')
const t = (iso: string) => Date.parse(iso)

/** A real Koa context over a real (unconnected) request and response. */
function context() {
  const req = new IncomingMessage(new Socket())
  return new Koa().createContext(req, new ServerResponse(req))
}

function resolve(viewer: Viewer, fromIso: string, unit: HistoryUnit, now = NOW) {
  const ctx = context()
  const from = visibleFrom(viewer, ctx, t(fromIso), now, unit)
  return { from: new Date(from).toISOString(), header: ctx.response.get(HISTORY_START_HEADER) || null }
}

describe('the visitor history window', () => {
  it.each([
    // unit, the start a user would read from, where a visitor's read starts (worked by hand)
    ['instant', '2022-01-01T00:00:00.000Z', '2026-10-19T14:03:00.000Z'],
    ['slot', '2025-11-18T14:00:00.000Z', '2026-10-19T14:10:00.000Z'],
    // Inside the window, but the hour that holds it began at 14:01, before 14:03.
    ['hour', '2026-10-19T14:01:00.000Z', '2026-10-19T15:01:00.000Z'],
    ['day', '2026-10-19T01:00:00.000Z', '2026-10-20T01:00:00.000Z'],
    // The window opens on a Monday after 01:00: that week began before it.
    ['week', '2026-10-19T01:00:00.000Z', '2026-10-26T01:00:00.000Z'],
    // A start of 2026-10-25 (inside the window) reads from its month, 2026-10-01: moved to November.
    ['month', '2026-10-01T01:00:00.000Z', '2026-11-01T01:00:00.000Z'],
    ['date', '2026-10-19T00:00:00.000Z', '2026-10-20T00:00:00.000Z'],
  ] as const)('moves a visitor’s %s start from %s to %s and says so', (unit, from, expected) => {
    expect(resolve(VISITOR, from, unit)).toEqual({ from: expected, header: expected })
    expect(visitorHistoryStart(VISITOR, NOW, unit)).toBe(t(expected))
  })

  it.each([
    ['slot', '2026-10-19T14:10:00.000Z'],
    ['hour', '2026-10-19T15:01:00.000Z'],
    ['day', '2026-10-20T01:00:00.000Z'],
    ['week', '2026-10-26T01:00:00.000Z'],
    ['month', '2026-11-01T01:00:00.000Z'],
    ['date', '2026-10-20T00:00:00.000Z'],
    ['instant', '2026-10-19T14:03:00.000Z'],
  ] as const)('leaves a visitor’s %s start at %s, inside the window, without a header', (unit, from) => {
    expect(resolve(VISITOR, from, unit)).toEqual({ from, header: null })
  })

  it('keeps a period that starts exactly at the window’s first instant', () => {
    // 2026-11-30 01:00 − 30 days = 2026-10-31 01:00, itself a day start.
    const now = t('2026-11-30T01:00:00Z')
    expect(resolve(VISITOR, '2026-10-31T01:00:00.000Z', 'day', now)).toEqual({
      from: '2026-10-31T01:00:00.000Z',
      header: null,
    })
    expect(resolve(VISITOR, '2026-10-30T01:00:00.000Z', 'day', now)).toEqual({
      from: '2026-10-31T01:00:00.000Z',
      header: '2026-10-31T01:00:00.000Z',
    })
  })

  it('never moves a signed-in user', () => {
    for (const unit of ['instant', 'slot', 'hour', 'day', 'week', 'month', 'date'] as const) {
      expect(resolve(USER, '2024-09-20T00:00:00.000Z', unit)).toEqual({
        from: '2024-09-20T00:00:00.000Z',
        header: null,
      })
      expect(visitorHistoryStart(USER, NOW, unit)).toBeNull()
    }
  })
})
