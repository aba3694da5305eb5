import { columnHeader, csvText, parseCsv } from '@ludex/schemas'
import type { Data } from 'plotly.js'
import { describe, expect, it } from 'vitest'
import { ganttTrace } from '../gantt.ts'
import { histogramTrace } from '../histogram.ts'
import { inProgressTrace } from '../in-progress.ts'
import { chartTable } from './chart-table.ts'
import { chartJson } from './download.ts'

const T0 = Date.UTC(2026, 4, 1, 1)
const DAY = 86_400_000

describe('chartTable: exactly the data drawn', () => {
  it('a line over time: a row per drawn point, gaps left out, times in ISO UTC', () => {
    const data: Data[] = [
      { type: 'scatter', name: 'CCU', x: [T0, T0 + DAY, T0 + 2 * DAY], y: [10, null, 12.5] },
      // The dotted segment repeats the line's points: drawn, not exported twice.
      inProgressTrace('CCU', [[T0 + 2 * DAY, 12.5]], '#000000'),
      { type: 'scatter', name: 'Likes (in progress)', x: [new Date(T0 + 3 * DAY)], y: [3] },
    ]
    const t = chartTable(data, { xaxis: { type: 'date' } }, 'Players', {
      value: { name: 'ccu', unit: 'players' },
    })
    expect(t.columns.map(columnHeader)).toEqual(['series', 'time (UTC)', 'ccu (players)'])
    expect(t.rows).toEqual([
      ['CCU', '2026-05-01T01:00:00.000Z', 10],
      ['CCU', '2026-05-03T01:00:00.000Z', 12.5],
      ['Likes (in progress)', '2026-05-04T01:00:00.000Z', 3],
    ])
  })

  it('reads ISO and Plotly date texts as UTC', () => {
    const t = chartTable(
      [{ type: 'scatter', name: 'A', x: ['2026-05-01T01:00:00Z', '2026-05-02 01:00'], y: [1, 2] }],
      { xaxis: { type: 'date' } },
      'A',
    )
    expect(t.rows.map((r) => r[1])).toEqual(['2026-05-01T01:00:00.000Z', '2026-05-02T01:00:00.000Z'])
    // Without a unit given, the value column is named after the chart.
    expect(t.columns.map(columnHeader)[2]).toBe('A')
  })

  it('a pie: a row per slice of each ring', () => {
    const data: Data[] = [
      { type: 'pie', name: 'Genre', labels: ['RPG', 'Obby'], values: [30, 10] },
      { type: 'pie', name: 'Sub-genre', labels: ['action'], values: [30] },
    ]
    const t = chartTable(data, {}, 'Genres', {
      category: { name: 'genre' },
      value: { name: 'ccu', unit: 'players' },
    })
    expect(t.columns.map(columnHeader)).toEqual(['series', 'genre', 'ccu (players)'])
    expect(t.rows).toEqual([
      ['Genre', 'RPG', 30],
      ['Genre', 'Obby', 10],
      ['Sub-genre', 'action', 30],
    ])
  })

  it('a gantt: each bar with its row, start, end and label', () => {
    const data = [ganttTrace([{ row: 'Top Trending', start: T0, end: T0 + 3_600_000, label: '#3' }])]
    const t = chartTable(data, { xaxis: { type: 'date' } }, 'Rankings')
    expect(t.columns.map(columnHeader)).toEqual(['series', 'row', 'start (UTC)', 'end (UTC)', 'label'])
    expect(t.rows).toEqual([
      ['', 'Top Trending', '2026-05-01T01:00:00.000Z', '2026-05-01T02:00:00.000Z', '#3'],
    ])
  })

  it('a histogram: categories as drawn, named by the x axis', () => {
    const data = [histogramTrace([{ from: 0, to: 5, count: 2 }], 'Experiences')]
    const t = chartTable(data, { xaxis: { title: { text: 'Like rate (%)' } } }, 'Like rate')
    expect(t.columns.map(columnHeader)).toEqual(['series', 'Like rate (%)', 'Like rate'])
    expect(t.rows).toEqual([['Experiences', 2.5, 2]])
  })

  it('the CSV and the JSON download hold the same rows', () => {
    const t = chartTable(
      [{ type: 'scatter', name: 'A, "quoted"', x: [T0], y: [1.5] }],
      { xaxis: { type: 'date' } },
      'A',
    )
    const json = JSON.parse(chartJson('A', t)) as { title: string; columns: string[]; rows: unknown[][] }
    const [header, ...rows] = parseCsv(csvText(t))
    expect(header).toEqual(json.columns)
    expect(rows).toEqual(json.rows.map((r) => r.map(String)))
  })
})
