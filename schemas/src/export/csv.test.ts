import { describe, expect, it } from 'vitest'
import { columnHeader, csvField, csvText, isoUtc, parseCsv } from './csv.ts'
import { exportFileName } from './file-name.ts'
import { genreDistributionTable, statsTable } from './tables.ts'

describe('the CSV writer', () => {
  it('quotes only what needs it, doubling quotes (RFC 4180)', () => {
    expect(csvField('plain')).toBe('plain')
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField(null)).toBe('')
    expect(csvField(1.5)).toBe('1.5')
    expect(csvField(-3)).toBe('-3')
    expect(csvField(true)).toBe('true')
  })

  it('defuses a text a spreadsheet would run as a formula, never a number', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvField('+1')).toBe("'+1")
    expect(csvField('-Obby-')).toBe("'-Obby-")
    expect(csvField('@me')).toBe("'@me")
    expect(csvField(-0.5)).toBe('-0.5')
  })

  it('writes a header naming each column with its unit, then the rows, CRLF-ended', () => {
    const text = csvText({
      columns: [{ name: 'time', unit: 'UTC' }, { name: 'ccu', unit: 'players' }, { name: 'name' }],
      rows: [
        ['2026-05-01T01:00:00.000Z', 12.5, 'Rainbow, Hunters'],
        ['2026-05-02T01:00:00.000Z', null, 'x'],
      ],
    })
    expect(text).toBe(
      'time (UTC),ccu (players),name\r\n2026-05-01T01:00:00.000Z,12.5,"Rainbow, Hunters"\r\n2026-05-02T01:00:00.000Z,,x\r\n',
    )
    expect(columnHeader({ name: 'rating', unit: '% likes' })).toBe('rating (% likes)')
  })

  it('reads back what it writes', () => {
    const rows = [
      ['a', 'b,c', 'd "e"'],
      ['multi\r\nline', '', '=1'],
    ]
    const parsed = parseCsv(csvText({ columns: [{ name: 'x' }, { name: 'y' }, { name: 'z' }], rows }))
    expect(parsed).toEqual([
      ['x', 'y', 'z'],
      ['a', 'b,c', 'd "e"'],
      ['multi\r\nline', '', "'=1"],
    ])
  })

  it('writes times as ISO 8601 in UTC', () => {
    expect(isoUtc(Date.UTC(2026, 4, 1, 1, 0))).toBe('2026-05-01T01:00:00.000Z')
  })
})

describe('the answer tables', () => {
  it('stats: a row per point, times in ISO UTC, quartile columns only with bands', () => {
    const t = statsTable({
      stat: 'ccus',
      series: [
        { place_id: 1, name: 'A', data: [[Date.UTC(2026, 0, 1, 1), 2.5]] },
        { place_id: 0, name: 'Average', data: [[Date.UTC(2026, 0, 2, 1), 3, 1, 4]] },
      ],
    })
    expect(t.columns.map(columnHeader)).toEqual([
      'place_id',
      'name',
      'time (UTC)',
      'ccu (players)',
      'lower quartile (players)',
      'upper quartile (players)',
    ])
    expect(t.rows).toEqual([
      [1, 'A', '2026-01-01T01:00:00.000Z', 2.5, null, null],
      [0, 'Average', '2026-01-02T01:00:00.000Z', 3, 1, 4],
    ])
    const likes = statsTable({ stat: 'likes', series: [{ place_id: 1, name: 'A', data: [[0, 5, -2]] }] })
    expect(likes.columns.map(columnHeader).slice(3)).toEqual(['likes (count)', 'dislikes (count, negative)'])
  })

  it('genre distribution: each genre then its sub-genres', () => {
    const t = genreDistributionTable({
      time: '2026-01-01T00:00:00.000Z',
      genres: [{ name: 'rpg', ccu: 10, share: 1, children: [{ name: 'action', ccu: 10, share: 1 }] }],
    })
    expect(t.rows).toEqual([
      ['2026-01-01T00:00:00.000Z', 'rpg', null, 10, 1],
      ['2026-01-01T00:00:00.000Z', 'rpg', 'action', 10, 1],
    ])
  })
})

describe('export file names', () => {
  it('joins the parts, leaving out empty ones and characters a file name cannot hold', () => {
    expect(exportFileName(['Rainbow Hunters', 'ccu', 'month', 'day'], 'csv')).toBe(
      'Rainbow Hunters-ccu-month-day.csv',
    )
    expect(exportFileName(['A/B: "C"', undefined, ''], 'json')).toBe('A-B- -C-.json')
    expect(exportFileName([], 'csv')).toBe('export.csv')
  })
})
