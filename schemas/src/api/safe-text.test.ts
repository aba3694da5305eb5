import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  email,
  googleSignInRequest,
  loginRequest,
  passwordChangeRequest,
  passwordResetRequest,
  registerRequest,
  userPreferences,
} from './accounts.ts'
import { experienceUpdate } from './responses.ts'
import { isSafeText, SAFE_TEXT_MESSAGE, SAFE_TEXT_PATTERN, safeText } from './safe-text.ts'

describe('safeText', () => {
  it.each([
    ['plain', 'Adopt Me!'],
    ['empty', ''],
    ['accents and scripts', 'Grüße — 東京 — مرحبا'],
    ['emoji (surrogate pairs)', 'tycoon 😀🏳️‍🌈'],
    ['tabs and newlines', 'a\tb\nc\r\n'],
    ['U+FFFD itself', 'a\uFFFDb'],
  ])('takes %s', (_name, s) => {
    expect(isSafeText(s)).toBe(true)
    expect(safeText.parse(s)).toBe(s)
  })

  it.each([
    ['NUL', 'a\u0000b'],
    ['a lone high surrogate', 'a\uD800b'],
    ['a lone low surrogate', 'a\uDC00b'],
    ['a high surrogate at the end', 'tycoon \uD83D'],
    ['a pair the wrong way round', '\uDE00\uD83D'],
  ])('refuses %s', (_name, s) => {
    expect(isSafeText(s)).toBe(false)
    expect(safeText.safeParse(s).error?.issues[0]?.message).toBe(SAFE_TEXT_MESSAGE)
  })

  it('keeps its rule when narrowed, and shows it in the JSON Schema', () => {
    expect(safeText.max(5).safeParse('a\u0000').success).toBe(false)
    expect(safeText.max(5).safeParse('abcdef').success).toBe(false)
    const schema = z.toJSONSchema(email) as { pattern?: string; allOf?: { pattern: string }[] }
    const patterns = [schema.pattern, ...(schema.allOf ?? []).map((p) => p.pattern)]
    expect(patterns).toContain(SAFE_TEXT_PATTERN.source)
  })
})

describe('request schemas refuse unsafe text in every string', () => {
  const bad = 'x\u0000y'
  const register = {
    first_name: 'A',
    last_name: 'B',
    email: 'a@example.com',
    password: 'long enough',
    interests: ['obby'],
    user_type: 'student',
  }
  it.each([
    ['login email', loginRequest, { email: bad, password: 'p' }, 'email'],
    ['login password', loginRequest, { email: 'a@example.com', password: bad }, 'password'],
    ['register first name', registerRequest, { ...register, first_name: bad }, 'first_name'],
    ['register last name', registerRequest, { ...register, last_name: bad }, 'last_name'],
    ['register email', registerRequest, { ...register, email: `a${bad}@example.com` }, 'email'],
    ['register password', registerRequest, { ...register, password: `long ${bad} enough` }, 'password'],
    ['reset email', passwordResetRequest, { email: `a${bad}@example.com` }, 'email'],
    [
      'new password',
      passwordChangeRequest,
      { token: 'A'.repeat(43), password: `${bad}12345678` },
      'password',
    ],
    ['google credential', googleSignInRequest, { credential: bad }, 'credential'],
    ['preference tab', userPreferences, { tabs: { 'tags.list': bad } }, 'tabs.tags.list'],
    ['canonical name', experienceUpdate, { canonical_name: bad }, 'canonical_name'],
    ['release date', experienceUpdate, { released: bad }, 'released'],
  ])('%s', (_name, schema: z.ZodType, value, field) => {
    const r = schema.safeParse(value)
    expect(r.success).toBe(false)
    const issue = r.error?.issues.find((i) => i.message === SAFE_TEXT_MESSAGE)
    expect(issue?.path.join('.')).toBe(field)
  })
})
