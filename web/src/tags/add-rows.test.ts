import { describe, expect, it } from 'vitest'
import { canAddRow, EMPTY_ROW, parseBulk, rowPlaceId, rowsPlaceIds, rowTextOnInput } from './add-rows.ts'

describe('the add-experiences rows (part 2 §5)', () => {
  it('allows at most 5 rows', () => {
    expect(canAddRow(Array(4).fill(EMPTY_ROW))).toBe(true)
    expect(canAddRow(Array(5).fill(EMPTY_ROW))).toBe(false)
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
