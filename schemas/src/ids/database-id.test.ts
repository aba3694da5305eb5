import { describe, expect, it } from 'vitest'
import { databaseIdParam, isDatabaseId, parseDatabaseId, parseIdList, reduceGameUrlToId } from './index.ts'

describe('isDatabaseId / parseDatabaseId', () => {
  it.each([
    ['1', 1],
    ['123456', 123456],
    ['007', 7],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
  ])('accepts %j', (s, n) => {
    expect(isDatabaseId(s)).toBe(true)
    expect(parseDatabaseId(s)).toBe(n)
  })

  it.each([
    '',
    '0',
    '00',
    '-1',
    '+1',
    '1.0',
    '1e3',
    ' 1',
    '1 ',
    '0x10',
    'abc',
    '12a',
    '9007199254740992',
    '١٢',
  ])('refuses %j', (s) => {
    expect(isDatabaseId(s)).toBe(false)
    expect(parseDatabaseId(s)).toBeNull()
  })

  it('refuses non-strings', () => {
    expect(isDatabaseId(5)).toBe(false)
    expect(parseDatabaseId(undefined)).toBeNull()
  })
})

describe('databaseIdParam', () => {
  it('turns a valid parameter into a number', () => {
    expect(databaseIdParam.parse('42')).toBe(42)
  })

  it.each([
    ['abc', 'digits only'],
    ['-3', 'digits only'],
    ['0', 'above 0'],
    ['9007199254740992', 'no larger than'],
  ])('refuses %j saying %j', (s, message) => {
    const r = databaseIdParam.safeParse(s)
    expect(r.success).toBe(false)
    expect(r.error?.issues[0]?.message).toContain(message)
  })
})

describe('parseIdList', () => {
  it('splits on whitespace, newlines and commas, keeps first occurrences and reports the rest', () => {
    expect(parseIdList('1, 2\n3\t4,,5 2')).toEqual({ ids: [1, 2, 3, 4, 5], invalid: [] })
    expect(parseIdList(' 10 x 0 11 -2 ')).toEqual({ ids: [10, 11], invalid: ['x', '0', '-2'] })
    expect(parseIdList('')).toEqual({ ids: [], invalid: [] })
  })
})

describe('reduceGameUrlToId', () => {
  it.each([
    ['https://www.roblox.com/games/123456/Some-Name', '123456'],
    ['https://www.roblox.com/games/123456', '123456'],
    ['http://roblox.com/games/920587237/Adopt-Me?privateServerLinkCode=1', '920587237'],
    ['www.roblox.com/games/42/', '42'],
    ['roblox.com/games/42#!/about', '42'],
    ['https://www.roblox.com/de/games/606849621/Jailbreak', '606849621'],
    ['  https://web.roblox.com/games/77/x  ', '77'],
    ['roblox.com/games/start?placeId=123', '123'],
    ['https://www.roblox.com/games/start?launchData=abc&placeId=555', '555'],
    ['roblox://placeId=987', '987'],
    ['\u200Bhttps://www.roblox.com/games/31/Name\uFEFF', '31'],
  ])('%s → %s', (text, id) => {
    expect(reduceGameUrlToId(text)).toBe(id)
  })

  it.each([
    ['  Adopt Me  ', 'Adopt Me'],
    ['123', '123'],
    ['https://example.com/games/123/x', 'https://example.com/games/123/x'],
    ['https://notroblox.com/games/123', 'https://notroblox.com/games/123'],
    ['https://www.roblox.com/users/1/profile', 'https://www.roblox.com/users/1/profile'],
    ['placeId=5', 'placeId=5'],
    ['\u200B tycoon \u200B', 'tycoon'],
  ])('leaves other text cleaned: %j → %j', (text, out) => {
    expect(reduceGameUrlToId(text)).toBe(out)
  })
})
