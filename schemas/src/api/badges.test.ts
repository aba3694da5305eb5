import { describe, expect, it } from 'vitest'
import { type BadgeStatRow, badgeStatsCsv } from './badges.ts'

const ROW: BadgeStatRow = {
  badge_id: 7,
  name: '=SUM(A1), "quoted"',
  description: 'line one\nline two',
  enabled: true,
  awarded_count: 10,
  past_day_awarded_count: 1,
  win_rate_percentage: 12.5,
  created: '2024-01-01T00:00:00Z',
  updated: '2024-01-02T00:00:00Z',
}

describe('badgeStatsCsv', () => {
  it('quotes per RFC 4180 and defuses a leading formula character, with CRLF line ends', () => {
    expect(badgeStatsCsv([ROW])).toBe(
      'badge_id,name,description,enabled,awarded_count,past_day_awarded_count,win_rate_percentage,created,updated\r\n' +
        `7,"'=SUM(A1), ""quoted""","line one\nline two",true,10,1,12.5,2024-01-01T00:00:00Z,2024-01-02T00:00:00Z\r\n`,
    )
  })

  it('prefixes every formula start in text, never a number', () => {
    const csv = badgeStatsCsv(
      ['+1', '-x', '@a', '\tb'].map((name, i) => ({ ...ROW, badge_id: i + 1, name, description: '' })),
    )
    expect(
      csv
        .split('\r\n')
        .slice(1, 5)
        .map((l) => l.split(',')[1]),
    ).toEqual(["'+1", "'-x", "'@a", "'\tb"])
    expect(badgeStatsCsv([{ ...ROW, win_rate_percentage: -1.5 }])).toContain(',-1.5,2024-01-01')
  })
})
