import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { databaseIdParam } from '../ids/database-id-param.ts'
import { idListParam, TIME_PARAM_MAX_MS, TIME_PARAM_MIN_MS, timeParam } from './params.ts'

const inputSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>

describe('timeParam', () => {
  it.each([
    ['2026-11-01', Date.UTC(2026, 10, 1)],
    ['2026-11-01T12:30:00Z', Date.UTC(2026, 10, 1, 12, 30)],
    ['2026-11-01T12:30:00.250Z', Date.UTC(2026, 10, 1, 12, 30, 0, 250)],
    ['2026-11-01T12:30:00+02:00', Date.UTC(2026, 10, 1, 10, 30)],
    ['2026-11-01T12:30', Date.UTC(2026, 10, 1, 12, 30)],
    ['2024-02-29', Date.UTC(2024, 1, 29)],
    ['1793491200000', 1_793_491_200_000],
    ['2006-01-01', TIME_PARAM_MIN_MS],
    [String(TIME_PARAM_MIN_MS), TIME_PARAM_MIN_MS],
    ['2100-01-01T00:00:00Z', TIME_PARAM_MAX_MS],
  ])('reads %j as %d', (s, ms) => {
    expect(timeParam.parse(s)).toBe(ms)
  })

  it.each([
    '2005-12-31T23:59:59.999Z',
    '2100-01-01T00:00:00.001Z',
    '0',
    '1136073599999',
    '8640000000000000',
    '8640000000000001',
    '9007199254740993',
    '0000-01-01',
    '9999-12-31',
    '9999-12-31T23:59:59Z',
  ])('refuses %j as out of range', (s) => {
    const r = timeParam.safeParse(s)
    expect(r.success).toBe(false)
    expect(r.error?.issues[0]?.message).toBe('must be between 2006-01-01 and 2100-01-01 (UTC)')
  })

  it.each([
    '2026-02-30',
    '2025-02-29',
    '2026-04-31T10:00:00Z',
    '2026-13-01',
    '2026-00-10',
    '2026-11-01T25:00',
    'yesterday',
    '',
    '12345678901234567',
    '2026-11-01T12:00:00+0',
  ])('refuses %j as no time at all', (s) => {
    const r = timeParam.safeParse(s)
    expect(r.success).toBe(false)
    expect(r.error?.issues[0]?.message).toBe('must be an ISO 8601 date/time or epoch milliseconds')
  })

  it('documents its formats and its range in the JSON Schema, also when optional', () => {
    const schema = inputSchema(timeParam.optional())
    expect(schema.type).toBe('string')
    expect(schema.anyOf).toEqual([{ format: 'date' }, { format: 'date-time' }, { pattern: '^[0-9]{13}$' }])
    expect(schema.description).toContain('from 2006-01-01 to 2100-01-01')
    // The documented epoch form holds every time of the range, and only times of 13 digits.
    expect(String(TIME_PARAM_MIN_MS)).toHaveLength(13)
    expect(String(TIME_PARAM_MAX_MS)).toHaveLength(13)
  })
})

describe('ids in the OpenAPI document', () => {
  it('shows a database id as a positive safe integer, not as digits that admit 0', () => {
    const schema = inputSchema(databaseIdParam)
    expect(schema).toMatchObject({ type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER })
    expect(schema.pattern).toBeUndefined()
  })

  it('shows an id list as comma-separated ids above 0', () => {
    const pattern = new RegExp(inputSchema(idListParam(6)).pattern as string)
    for (const ok of ['1', '12,7', '9007199254740991']) expect(pattern.test(ok), ok).toBe(true)
    for (const bad of ['0', '1,0', '01', '', '1,,2', 'a']) expect(pattern.test(bad), bad).toBe(false)
    // What the pattern admits, the parser takes.
    expect(idListParam(6).parse('12,7')).toEqual([12, 7])
  })
})
