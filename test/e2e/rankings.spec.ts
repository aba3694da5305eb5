import { RANKING_HOUR_DEBOUNCE_MS } from '@ludex/schemas'
import type { Page } from '@playwright/test'
import { activateChart, expect, main, promoModal, TEXT, test } from './support/fixtures.ts'
import { asReactWritesText } from './support/html.ts'
import { watchNetwork } from './support/network.ts'

/*
 * Issue 15 points 4 and 5 in the browser, on the simulator's chart captures: the rankings page (title
 * and description, day buttons, the hour slider, the ranked table, 404s, a visitor's window) and the
 * experience page's links into it.
 */

const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000

interface Snapshot {
  time: string
  positions: { place_id: number; pos: number }[]
}

async function snapshot(page: Page, category: number, time?: number): Promise<Snapshot> {
  const res = await page.request.get(`/api/stats/ranking/${category}${time ? `?startTime=${time}` : ''}`)
  expect(res.ok()).toBe(true)
  return (await res.json()) as Snapshot
}

const rows = (page: Page) => main(page).getByRole('table').locator('tbody tr')
const dayText = (ms: number) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(ms))

test.describe('rankings', () => {
  test('the sidebar opens Most Popular: its title, description and the latest ranking', async ({
    page,
    experiences,
    snap,
  }) => {
    await page.goto('/overview')
    await page.getByRole('navigation').getByRole('link', { name: 'Rankings' }).click()
    await expect(page).toHaveURL(/\/rankings\/8$/)
    await expect(main(page).getByRole('heading', { name: 'Most Popular', level: 1 })).toBeVisible()
    await expect(page).toHaveTitle('Most Popular | Ludex')
    await expect(
      main(page).getByText(/^The most played experiences, ranked by daily active users/),
    ).toBeVisible()
    const latest = await snapshot(page, 8)
    expect(latest.positions.length).toBeGreaterThan(10)
    await expect(rows(page)).toHaveCount(latest.positions.length)
    // Position, icon and name, linking to the experience; names from the tracked list.
    const names = new Map(experiences.map((e) => [e.place_id, e.name]))
    const first = latest.positions[0]!
    await expect(rows(page).first().getByRole('cell').first()).toHaveText('#1')
    const link = rows(page).first().getByRole('link')
    await expect(link).toHaveAttribute('href', `/experiences/${first.place_id}`)
    await expect(link).toHaveText(names.get(first.place_id) ?? `Experience ${first.place_id}`)
    await expect(main(page).getByRole('button', { name: 'Next Day' })).toBeDisabled()
    await snap('rankings')
  })

  test('a ranking arrives with the day’s entries and exits drawn: the browser asks for none of it', async ({
    page,
    request,
    experiences,
  }) => {
    const changes = (await (await request.get('/api/stats/ranking/8/changes')).json()) as {
      compared_with: string | null
      entered: { place_id: number }[]
      left: { place_id: number }[]
    }
    const names = new Map(experiences.map((e) => [e.place_id, e.name]))
    // The server's HTML (React's text separators taken out) holds the panel as drawn, names and all.
    const html = (await (await request.get('/rankings/8')).text()).replaceAll('<!-- -->', '')
    const panel = html.slice(html.indexOf('Entered and Left'), html.indexOf('id="ludex-ssr-state"'))
    expect(panel).not.toContain('Loading…')
    if (changes.compared_with === null) expect(panel).toContain('No earlier day to compare with.')
    else {
      expect(panel).toContain(`Entered (${changes.entered.length})`)
      expect(panel).toContain(`Left (${changes.left.length})`)
      for (const { place_id } of [...changes.entered, ...changes.left])
        expect(panel).toContain(`>${asReactWritesText(names.get(place_id) ?? `Experience ${place_id}`)}</a>`)
    }
    // In the browser: hydrated and settled, the page asked for neither the changes nor any names.
    const asked: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) asked.push(new URL(r.url()).pathname)
    })
    const network = watchNetwork(page)
    await page.goto('/rankings/8')
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' })
    await network.settled()
    expect(asked.filter((p) => p.startsWith('/api/stats/ranking/') || p === '/api/place/lookup')).toEqual([])
    await expect(main(page).getByRole('heading', { name: 'Entered and Left' })).toBeVisible()
  })

  test('an index that names no chart category is a 404', async ({ page }) => {
    for (const index of ['0', '13', '39', 'abc']) {
      const response = await page.goto(`/rankings/${index}`)
      expect(response?.status(), index).toBe(404)
      await expect(page.getByRole('heading', { name: TEXT.notFoundTitle })).toBeVisible()
    }
  })

  test('Previous Day, Next Day and another category keep the moment', async ({ page }) => {
    await page.goto('/rankings/18')
    const now = Date.now()
    await main(page).getByRole('button', { name: 'Previous Day' }).click()
    await expect(page).toHaveURL(/\/rankings\/18\?time=\d+$/)
    const time = Number(new URL(page.url()).searchParams.get('time'))
    expect(Math.abs(time - (now - DAY_MS))).toBeLessThan(5 * 60_000)
    await expect(main(page).getByText(dayText(time), { exact: true })).toBeVisible()
    const then = await snapshot(page, 18, time)
    await expect(rows(page)).toHaveCount(then.positions.length)
    await expect(rows(page).first().getByRole('link')).toHaveAttribute(
      'href',
      `/experiences/${then.positions[0]!.place_id}`,
    )

    await main(page).getByRole('combobox', { name: 'Chart category' }).click()
    await page.getByRole('option', { name: 'Top Rated', exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`/rankings/11\\?time=${time}$`))
    await expect(main(page).getByRole('heading', { name: 'Top Rated', level: 1 })).toBeVisible()

    await main(page).getByRole('button', { name: 'Next Day' }).click()
    await expect(page).toHaveURL(/\/rankings\/11$/)
    await expect(main(page).getByRole('button', { name: 'Next Day' })).toBeDisabled()
  })

  test('the hour slider asks for its hour once it settles', async ({ page }) => {
    // Yesterday at 10:00 UTC: the slider's hour is 10.
    const base = Math.floor((Date.now() - DAY_MS) / DAY_MS) * DAY_MS + 10 * HOUR_MS
    await page.clock.install()
    await page.goto(`/rankings/8?time=${base}`)
    const slider = main(page).getByRole('slider', { name: 'Hour (UTC)' })
    await expect(slider).toHaveAttribute('aria-valuenow', '10')
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000))
    await slider.focus()
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight')
    await expect(slider).toHaveAttribute('aria-valuetext', '14:00 UTC')
    await page.clock.runFor(RANKING_HOUR_DEBOUNCE_MS - 1)
    expect(new URL(page.url()).searchParams.get('time')).toBe(String(base))
    await page.clock.runFor(1)
    await expect(page).toHaveURL(new RegExp(`time=${base + 4 * HOUR_MS}$`))
    const then = await snapshot(page, 8, base + 4 * HOUR_MS)
    await expect(rows(page).first().getByRole('link')).toHaveAttribute(
      'href',
      `/experiences/${then.positions[0]!.place_id}`,
    )
  })

  test('a visitor’s Previous Day past the last 30 days asks to sign up', async ({ page }) => {
    const edge = Date.now() - 29 * DAY_MS - 2 * HOUR_MS
    await page.goto(`/rankings/8?time=${edge}`)
    await main(page).getByRole('button', { name: 'Previous Day' }).click()
    await expect(promoModal(page)).toBeVisible()
    expect(new URL(page.url()).searchParams.get('time')).toBe(String(edge))
  })
})

test.describe('links from an experience into the rankings', () => {
  /** The busiest experience with chart periods, and its periods. */
  async function ranked(page: Page, ids: readonly number[]) {
    for (const id of ids) {
      const res = await page.request.get(`/api/stats/ranking?placeId=${id}`)
      const periods = (await res.json()) as { start: string; end: string; name: string; y: number }[]
      if (periods.length > 0) return { id, periods }
    }
    throw new Error('no experience in a chart')
  }

  test('a milestone’s category opens its ranking at the latest peak, the experience marked and in view', async ({
    page,
    experiences,
    snap,
  }) => {
    const { id } = await ranked(
      page,
      experiences.map((e) => e.place_id),
    )
    const name = experiences.find((e) => e.place_id === id)!.name
    await page.goto(`/experiences/${id}#tab=milestones`)
    const link = main(page).getByRole('table').getByRole('link').first()
    const category = await link.textContent()
    await link.click()
    await expect(page).toHaveURL(new RegExp(`/rankings/\\d+\\?time=\\d+&exp=${id}$`))
    await expect(main(page).getByRole('heading', { name: category!, level: 1 })).toBeVisible()
    const marked = main(page).locator('tbody tr[aria-current="true"]')
    await expect(marked).toHaveCount(1)
    await expect(marked.getByRole('link')).toHaveText(name)
    await expect(marked).toBeInViewport()
    await snap('rankings-highlighted')
  })

  test('a gantt bar opens its category at the bar’s start with the experience set', async ({
    page,
    experiences,
  }) => {
    const { id, periods } = await ranked(
      page,
      experiences.map((e) => e.place_id),
    )
    await page.goto(`/experiences/${id}`)
    const figure = main(page).getByRole('figure', { name: 'Chart Rankings' })
    await activateChart(figure)
    // The widest bar, clicked where a user would: Plotly's drag layer lies over the bars and finds the
    // bar under the pointer itself.
    const bars = figure.locator('.js-plotly-plot .bars .point path')
    const boxes = await bars.evaluateAll((paths) =>
      paths.map((p) => {
        const r = p.getBoundingClientRect()
        return { x: r.x, y: r.y, width: r.width, height: r.height }
      }),
    )
    const widest = boxes.toSorted((a, b) => b.width - a.width)[0]!
    await page.mouse.click(widest.x + widest.width / 2, widest.y + widest.height / 2)
    await expect(page).toHaveURL(new RegExp(`/rankings/\\d+\\?time=\\d+&exp=${id}$`))
    const url = new URL(page.url())
    const category = Number(url.pathname.split('/').at(-1))
    const time = Number(url.searchParams.get('time'))
    // The link names one of the experience's periods: its category and its start.
    expect(periods.some((p) => p.y === category && Date.parse(p.start) === time)).toBe(true)
    await expect(main(page).locator('tbody tr[aria-current="true"]')).toHaveCount(1)
  })
})
