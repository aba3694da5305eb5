import { describe, expect, it } from 'vitest'
import {
  canAddRow,
  EMPTY_ROW,
  exactMatchOnBlur,
  parseBulk,
  rowPlaceId,
  rowSuggestions,
  rowsPlaceIds,
  rowTextOnInput,
} from './add-rows.ts'

const exp = (place_id: number, name: string, players_online = 0) => ({
  place_id,
  universe_id: place_id + 1_000_000,
  name,
  canonical_name: name,
  players_online,
})
const LIST = [
  exp(101, 'Tower Defense X', 50),
  exp(102, 'Tower Tycoon', 40),
  exp(103, 'Obby Tower', 30),
  exp(920587237, 'Adopt Me!', 900),
  ...Array.from({ length: 12 }, (_, i) => exp(200 + i, `Racing ${i}`, i)),
]

describe('the add-experiences rows (part 2 §5)', () => {
  it('allows at most 5 rows', () => {
    expect(canAddRow(Array(4).fill(EMPTY_ROW))).toBe(true)
    expect(canAddRow(Array(5).fill(EMPTY_ROW))).toBe(false)
  })

  it('suggests from 3 characters, by name substring or place id, at most 9', () => {
    expect(rowSuggestions(LIST, 'to')).toEqual([])
    expect(rowSuggestions(LIST, 'tow').map((e) => e.place_id)).toEqual([101, 102, 103])
    expect(rowSuggestions(LIST, '920587237').map((e) => e.name)).toEqual(['Adopt Me!'])
    expect(rowSuggestions(LIST, 'racing')).toHaveLength(9)
  })

  it('takes the one exact match on blur, and nothing when the text is ambiguous or partial', () => {
    expect(exactMatchOnBlur(LIST, 'adopt me!')?.place_id).toBe(920587237)
    expect(exactMatchOnBlur(LIST, '  103 ')?.name).toBe('Obby Tower')
    expect(exactMatchOnBlur(LIST, 'Tower')).toBeNull()
    expect(exactMatchOnBlur(LIST, 'Ob')).toBeNull()
    const twins = [exp(1, 'Same Name'), exp(2, 'Same Name')]
    expect(exactMatchOnBlur(twins, 'Same Name')).toBeNull()
  })

  it('reduces a pasted game link to its id and keeps typed words as they are', () => {
    expect(rowTextOnInput('https://www.roblox.com/games/920587237/Adopt-Me')).toBe('920587237')
    expect(rowTextOnInput('Tower ')).toBe('Tower ')
  })

  it('adds the chosen experience or a typed database id, and drops anything else', () => {
    expect(rowPlaceId({ text: 'Tower Tycoon (102)', chosen: 102 })).toBe(102)
    expect(rowPlaceId({ text: ' 4242 ', chosen: null })).toBe(4242)
    expect(rowPlaceId({ text: '0', chosen: null })).toBeNull()
    expect(rowPlaceId({ text: '12ab', chosen: null })).toBeNull()
    expect(rowPlaceId({ text: 'Tower', chosen: null })).toBeNull()
    expect(
      rowsPlaceIds([
        { text: '', chosen: 103 },
        { text: 'nope', chosen: null },
        { text: '103', chosen: null },
        { text: '555', chosen: null },
      ]),
    ).toEqual([103, 555])
  })
})

describe('Bulk Add (part 2 §5)', () => {
  it('splits on whitespace, new lines and commas', () => {
    expect(parseBulk('1, 2\n3\t4 ,5,,6')).toEqual({ ids: [1, 2, 3, 4, 5, 6], invalid: [], canAdd: true })
  })

  it('names bad entries and refuses Add on any of them', () => {
    const parsed = parseBulk('1, two, 3.5, 0')
    expect(parsed.invalid).toEqual(['two', '3.5', '0'])
    expect(parsed.canAdd).toBe(false)
  })

  it('refuses Add on an empty box', () => {
    expect(parseBulk(' \n ,').canAdd).toBe(false)
  })
})
