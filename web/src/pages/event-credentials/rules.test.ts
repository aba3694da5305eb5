import { describe, expect, it } from 'vitest'
import { credentialNameProblem, filterCredentials, maskedSecret, typedPlaceId } from './rules.ts'

const credentials = [
  { game_key: 'a'.repeat(32), comment: 'Tower Defense Live', place_id: 920587237 },
  { game_key: 'b'.repeat(32), comment: 'Obby Staging', place_id: 1818 },
]

describe('credential names (part 2 §5)', () => {
  it('may be saved when not blank and not another credential’s, however cased and spaced', () => {
    expect(credentialNameProblem('Racing', credentials)).toBeNull()
    expect(credentialNameProblem('   ', credentials)).toBe('')
    expect(credentialNameProblem('tower defense LIVE', credentials)).toBe('name already in use')
    expect(credentialNameProblem('  Obby Staging ', credentials)).toBe('name already in use')
  })

  it('lets a credential keep (or recase) its own name', () => {
    expect(credentialNameProblem('TOWER DEFENSE LIVE', credentials, 'a'.repeat(32))).toBeNull()
    expect(credentialNameProblem('Obby staging', credentials, 'a'.repeat(32))).toBe('name already in use')
  })
})

describe('the experience field', () => {
  it('reads a typed or pasted place id, and nothing else', () => {
    expect(typedPlaceId('920587237')).toBe(920587237)
    expect(typedPlaceId(' https://www.roblox.com/games/920587237/Adopt-Me ')).toBe(920587237)
    expect(typedPlaceId('Adopt Me')).toBeNull()
    expect(typedPlaceId('0')).toBeNull()
    expect(typedPlaceId('')).toBeNull()
  })
})

describe('the search box', () => {
  const names = new Map([[920587237, 'Adopt Me!']])
  it('keeps credentials by name, experience, game key or place id', () => {
    const keys = (text: string) => filterCredentials(credentials, text, names).map((c) => c.comment)
    expect(keys('')).toEqual(['Tower Defense Live', 'Obby Staging'])
    expect(keys('staging')).toEqual(['Obby Staging'])
    expect(keys('adopt')).toEqual(['Tower Defense Live'])
    expect(keys('bbbb')).toEqual(['Obby Staging'])
    expect(keys('1818')).toEqual(['Obby Staging'])
    expect(keys('https://www.roblox.com/games/920587237/x')).toEqual(['Tower Defense Live'])
    expect(keys('nothing')).toEqual([])
  })
})

it('masks a secret but for its first characters', () => {
  const secret = 'qE3n8r0Kp2x9Wm5Tz7Yb1Vc4Ud6Sf8Hg0Jk2Ll4Pq6R'
  const masked = maskedSecret(secret)
  expect(masked.startsWith('qE3n')).toBe(true)
  expect(masked).not.toContain(secret.slice(4, 8))
})
