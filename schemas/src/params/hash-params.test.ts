import { describe, expect, it } from 'vitest'
import {
  buildHash,
  HASH_PARAM_KEYS,
  isKnownHashKey,
  parseHashParams,
  splitHashKey,
  UnknownHashKeyError,
} from './hash-params.ts'

describe('isKnownHashKey', () => {
  it('accepts the 13 keys and key-N forms', () => {
    expect(HASH_PARAM_KEYS).toHaveLength(13)
    for (const k of HASH_PARAM_KEYS) {
      expect(isKnownHashKey(k)).toBe(true)
      expect(isKnownHashKey(`${k}-1`)).toBe(true)
      expect(isKnownHashKey(`${k}-42`)).toBe(true)
    }
  })

  it.each(['', 'foo', 'Tag', 'tag-', 'tag-x', 'tag-1a', 'tag--1', 'tag-1-2', '-1', 'tags', 'graphmin'])(
    'refuses %j',
    (k) => {
      expect(isKnownHashKey(k)).toBe(false)
    },
  )
})

describe('splitHashKey', () => {
  it('separates the index', () => {
    expect(splitHashKey('tag-2')).toEqual({ key: 'tag', index: 2 })
    expect(splitHashKey('exp')).toEqual({ key: 'exp', index: null })
    expect(splitHashKey('verification_complete')).toEqual({ key: 'verification_complete', index: null })
  })
})

describe('parseHashParams', () => {
  it('reads keys and values, with or without #', () => {
    expect(parseHashParams('#exp=1,2,3&tag-1=4')).toEqual({ exp: '1,2,3', 'tag-1': '4' })
    expect(parseHashParams('anchor=ccu&graphMin=1700000000000&granularity=week')).toEqual({
      anchor: 'ccu',
      graphMin: '1700000000000',
      granularity: 'week',
    })
  })

  it('reads empty hashes, bare keys and repeated keys', () => {
    expect(parseHashParams('')).toEqual({})
    expect(parseHashParams('#')).toEqual({})
    expect(parseHashParams('#&&')).toEqual({})
    expect(parseHashParams('#verification_complete')).toEqual({ verification_complete: '' })
    expect(parseHashParams('#tab=ccu&tab=visits')).toEqual({ tab: 'visits' })
    expect(parseHashParams('#token=a=b')).toEqual({ token: 'a=b' })
  })

  it('decodes values', () => {
    expect(parseHashParams('#search=hello%20world')).toEqual({ search: 'hello world' })
    expect(parseHashParams('#search=hello+world')).toEqual({ search: 'hello world' })
    expect(parseHashParams('#search=a%2Bb%26c')).toEqual({ search: 'a+b&c' })
    expect(parseHashParams('#search=%E6%97%A5%E6%9C%AC')).toEqual({ search: '日本' })
    expect(parseHashParams('#search=100%')).toEqual({ search: '100%' })
  })

  it('throws an error naming an unknown key', () => {
    expect(() => parseHashParams('#exp=1&foo=2')).toThrow(UnknownHashKeyError)
    try {
      parseHashParams('#exp=1&bogusKey=2')
      expect.unreachable()
    } catch (e) {
      expect(e).toBeInstanceOf(UnknownHashKeyError)
      expect((e as UnknownHashKeyError).key).toBe('bogusKey')
      expect((e as Error).message).toContain('bogusKey')
    }
    expect(() => parseHashParams('#tag-x=1')).toThrow(/tag-x/)
  })
})

describe('buildHash', () => {
  it('writes keys in order, joins arrays with commas and leaves out null and undefined', () => {
    expect(buildHash({ exp: [1, 2, 3], 'tag-1': 4, tab: undefined, anchor: null })).toBe('#exp=1,2,3&tag-1=4')
    expect(buildHash({ verification_complete: true })).toBe('#verification_complete=true')
  })

  it('is empty when nothing is left', () => {
    expect(buildHash({})).toBe('')
    expect(buildHash({ tab: undefined })).toBe('')
  })

  it('refuses unknown keys', () => {
    expect(() => buildHash({ exp: 1, nope: 2 })).toThrow(UnknownHashKeyError)
  })

  it('round-trips values with reserved characters', () => {
    const params = {
      search: 'a & b = c + d # e, f % g 日本',
      exp: '1,2,3',
      'tag-2': ' spaced ',
      graphMax: '1700000000000',
    }
    expect(parseHashParams(buildHash(params))).toEqual(params)
  })
})
