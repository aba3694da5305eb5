import { csvField, exportFileName, parseCsv } from '@ludex/schemas'
import type { Download, Locator, Page } from '@playwright/test'
import { expect, expectCharts, main, test } from './support/fixtures.ts'

/*
 * Issue 21.1: every chart's Export menu downloads the data it draws as CSV and as JSON. The two files
 * hold the same rows, and the rows are those of the API answer the chart drew.
 */

interface ChartJson {
  readonly title: string
  readonly columns: string[]
  readonly rows: (string | number | null)[][]
}

async function text(download: Download): Promise<string> {
  const stream = await download.createReadStream()
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** Opens the chart's Export menu from the keyboard and takes one download. */
async function download(page: Page, figure: Locator, item: 'Download CSV' | 'Download JSON') {
  const button = figure.getByRole('button', { name: /^Export / })
  await button.focus()
  await page.keyboard.press('Enter')
  const entry = page.getByRole('menuitem', { name: item })
  await expect(entry).toBeVisible()
  const taken = page.waitForEvent('download')
  await entry.focus()
  await page.keyboard.press('Enter')
  return taken
}

/** Both files of a chart; asserts the CSV's header and rows are the JSON's. */
async function exportBoth(page: Page, figure: Locator) {
  const csvFile = await download(page, figure, 'Download CSV')
  const jsonFile = await download(page, figure, 'Download JSON')
  const [header, ...rows] = parseCsv(await text(csvFile))
  const json = JSON.parse(await text(jsonFile)) as ChartJson
  expect(header).toEqual(json.columns)
  // A cell as the CSV holds it: text a spreadsheet would run as a formula ('-', '=…') is defused.
  const asCsv = (c: string | number | null) => parseCsv(csvField(c))[0]?.[0] ?? ''
  expect(rows).toEqual(json.rows.map((r) => r.map(asCsv)))
  expect(rows.length).toBeGreaterThan(0)
  return { csv: csvFile.suggestedFilename(), json: jsonFile.suggestedFilename(), header, rows }
}

/**
 * The API's CSV of the same series from the chart's first point on (same granularity, same visitor
 * window), as [time, value] rows. The last row is left out on both sides: the period in progress moves
 * with the live simulator between the page's render and this call.
 */
async function servedRows(page: Page, path: string, first: string, valueAt: number): Promise<string[][]> {
  const res = await page.request.get(`${path}&startTime=${encodeURIComponent(first)}&format=csv`)
  expect(res.ok(), path).toBe(true)
  const [, ...rows] = parseCsv(await res.text())
  return rows.map((r) => [r[valueAt - 1] ?? '', r[valueAt] ?? '']).slice(0, -1)
}

const wholeRows = (rows: string[][]) => rows.map((r) => [r[1] ?? '', r[2] ?? '']).slice(0, -1)

test.describe('chart export', () => {
  test('the detail page’s CCU chart: CSV and JSON of the series drawn, named from the page and range', async ({
    page,
    experiences,
  }) => {
    const top = experiences[0]!
    await page.goto(`/experiences/${top.place_id}`)
    await expectCharts(page, 1)
    const figure = main(page).getByRole('figure', { name: 'CCU' })
    const files = await exportBoth(page, figure)
    const stem = exportFileName([top.name, 'ccu', 'month'], 'csv').replace(/\.csv$/, '')
    expect(files.csv).toMatch(
      new RegExp(`^${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-(hour|day|week|month)\\.csv$`),
    )
    expect(files.json).toBe(files.csv.replace(/\.csv$/, '.json'))
    expect(files.header).toEqual(['series', 'time (UTC)', 'ccu (players)'])
    // Exactly the points the API serves for that series (its own CSV), times in ISO 8601 UTC.
    const granularity = /-(\w+)\.csv$/.exec(files.csv)?.[1]
    const served = await servedRows(
      page,
      `/api/stats/ccus?placeIds=${top.place_id}&granularity=${granularity}`,
      files.rows[0]?.[1] ?? '',
      3,
    )
    expect(wholeRows(files.rows)).toEqual(served)
    expect(served.length).toBeGreaterThan(0)
  })

  test('the overview: the tracked CCU line and the genre pie', async ({ page }) => {
    await page.goto('/overview')
    await expectCharts(page, 4)
    const ccu = await exportBoth(page, main(page).getByRole('figure', { name: 'Tracked Games CCU' }))
    expect(ccu.csv).toMatch(/^Overview-Tracked Games CCU-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d-day\.csv$/)
    expect(ccu.header).toEqual(['series', 'time (UTC)', 'ccu (players)'])
    const served = await servedRows(page, '/api/platform/ccu?granularity=day', ccu.rows[0]?.[1] ?? '', 1)
    expect(wholeRows(ccu.rows)).toEqual(served)
    expect(served.length).toBeGreaterThan(0)

    const pie = await exportBoth(
      page,
      main(page).getByRole('figure', { name: 'Platform Genre Distribution' }),
    )
    expect(pie.csv).toMatch(/^Overview-Platform Genre Distribution-.*\.csv$/)
    expect(pie.header).toEqual(['series', 'genre', 'ccu (players)'])
    expect(new Set(pie.rows.map((r) => r[0]))).toEqual(new Set(['Genre', 'Sub-genre']))
  })
})
