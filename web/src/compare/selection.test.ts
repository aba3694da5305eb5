import { COMPARE_MAX_EXPERIENCES } from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import { canAddPicker, draftProblem, duplicateRows, parseExperienceIds, parseTagId } from './selection.ts'

describe('the compare selection (part 2 §2.5, §5)', () => {
  it('reads exp as comma-separated place ids, each once, in order', () => {
    expect(parseExperienceIds('30,10,20')).toEqual([30, 10, 20])
    expect(parseExperienceIds(' 30 , 10,30,')).toEqual([30, 10])
    expect(parseExperienceIds('abc,0,-4,7.5,12')).toEqual([12])
    expect(parseExperienceIds(undefined)).toEqual([])
    expect(parseExperienceIds('')).toEqual([])
  })

  it('caps the address at 6 experiences', () => {
    expect(parseExperienceIds('1,2,3,4,5,6,7,8')).toEqual([1, 2, 3, 4, 5, 6])
    expect(COMPARE_MAX_EXPERIENCES).toBe(6)
  })

  it('reads a tag key as a database id or nothing', () => {
    expect(parseTagId('12')).toBe(12)
    expect(parseTagId('x')).toBeNull()
    expect(parseTagId('0')).toBeNull()
    expect(parseTagId(undefined)).toBeNull()
  })

  it('marks the later of two rows holding one experience', () => {
    expect([...duplicateRows([1, 2, 1, null, 2, 3])]).toEqual([2, 4])
    expect(duplicateRows([1, null, null]).size).toBe(0)
  })

  it('refuses a draft with duplicates, too many or too few experiences', () => {
    expect(draftProblem([1, 2], 2)).toBeNull()
    expect(draftProblem([1, 1], 2)).toBe('duplicates')
    expect(draftProblem([1, null], 2)).toBe('empty')
    expect(draftProblem([1, null], 1)).toBeNull()
    expect(draftProblem([1, 2, 3, 4, 5, 6, 7], 2)).toBe('too-many')
  })

  it('allows a picker row while there are fewer than 6', () => {
    expect(canAddPicker(5)).toBe(true)
    expect(canAddPicker(6)).toBe(false)
  })
})
