import type { EventMarker, GenreStanding } from '@ludex/schemas'
import type { APIRequestContext } from '@playwright/test'
import { activateChart, expect, main, type SlimExperience, test } from './support/fixtures.ts'

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The first experience (most played first) with a chart entry in the visitors' 30 days, and that entry. */
async function withChartEntry(
  request: APIRequestContext,
  experiences: readonly SlimExperience[],
): Promise<{ placeId: number; marker: EventMarker }> {
  for (const e of experiences.slice(0, 40)) {
    const res = await request.get(`/api/place/${e.place_id}/markers`)
    expect(res.status()).toBe(200)
    const marker = ((await res.json()) as EventMarker[]).filter((m) => m.kind === 'chartEntry').at(-1)
    if (marker) return { placeId: e.place_id, marker }
  }
  throw new Error('no experience with a chart entry in the window')
}

test.describe('signals', () => {
  test('a chart entry marker explains itself on hover and links to the ranking that shows it', async ({
    page,
    request,
    experiences,
  }) => {
    test.setTimeout(90_000)
    const { placeId, marker } = await withChartEntry(request, experiences)

    await page.goto(`/experiences/${placeId}`)
    const picker = main(page).getByRole('region', { name: 'Chart Annotations' })
    await expect(picker.getByText(/^Chart Entries \(\d+\)$/)).toBeVisible()
    await expect(picker.getByText(/^CCU Spikes \(\d+\)$/)).toBeVisible()

    const ccu = main(page).getByRole('figure', { name: 'CCU' })
    await activateChart(ccu)
    const href = `/rankings/${marker.category_id}?time=${Date.parse(marker.time)}&exp=${placeId}`
    // Plotly writes an annotation's link as an SVG <a> (xlink:href).
    const links = ccu.locator('.annotation a')
    const hrefs = () =>
      links.evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? el.getAttribute('xlink:href')))
    await expect.poll(hrefs).toContain(href)
    const flag = links.nth((await hrefs()).indexOf(href))
    await flag.hover()
    await expect(ccu.locator('.hoverlayer')).toContainText(marker.text.slice(0, 40))

    await flag.click()
    await expect(page).toHaveURL(href)
    const title = marker.text.match(/^Entered (.+?)( at #\d+)? on /)?.[1] ?? ''
    await expect(main(page).getByRole('heading', { name: title, level: 1 })).toBeVisible()
    // The ranking at that capture holds the experience, highlighted.
    await expect(main(page).locator('tr[aria-current="true"]')).toHaveCount(1)
  })

  test('the static chart draws the markers before Plotly loads, and the summary reads them out', async ({
    page,
    request,
    experiences,
  }) => {
    test.setTimeout(90_000)
    const { placeId, marker } = await withChartEntry(request, experiences)
    await page.goto(`/experiences/${placeId}`)
    const picker = main(page).getByRole('region', { name: 'Chart Annotations' })
    await expect(picker.getByText(/^Thumbnail Changes \(\d+\)$/)).toBeVisible()
    const ccu = main(page).getByRole('figure', { name: 'CCU' })
    const titles = () =>
      ccu
        .locator('[data-chart="static"] span[title]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('title')))
    await expect.poll(titles).toContain(marker.text)
    // Not reached for: still the static drawing, Plotly not loaded.
    await expect(ccu.locator('[data-chart="plotly"]')).toHaveCount(0)
    await expect(ccu).toHaveAccessibleDescription(new RegExp(`Chart Entries: ${escapeRegExp(marker.text)}`))
  })

  test('unticking a marker kind takes its flags off the chart', async ({ page, request, experiences }) => {
    test.setTimeout(90_000)
    const { placeId } = await withChartEntry(request, experiences)
    await page.goto(`/experiences/${placeId}`)
    const ccu = main(page).getByRole('figure', { name: 'CCU' })
    await activateChart(ccu)
    const rankingFlags = () =>
      ccu
        .locator('.annotation a')
        .evaluateAll(
          (els) =>
            els.filter((el) =>
              (el.getAttribute('href') ?? el.getAttribute('xlink:href') ?? '').startsWith('/rankings/'),
            ).length,
        )
    await expect.poll(rankingFlags).toBeGreaterThan(0)
    const picker = main(page).getByRole('region', { name: 'Chart Annotations' })
    await picker.getByText(/^Chart Entries/).click()
    await picker.getByText(/^Chart Exits/).click()
    await expect.poll(rankingFlags).toBe(0)
  })

  test('the detail page shows the genre standing, the genre page its benchmarks', async ({
    page,
    request,
    experiences,
  }) => {
    const top = experiences[0]!
    const standing = (await (
      await request.get(`/api/place/${top.place_id}/standing`)
    ).json()) as GenreStanding
    expect(standing.day).not.toBeNull()
    const ccu = standing.groups[0]?.metrics.find((m) => m.metric === 'ccu')
    await page.goto(`/experiences/${top.place_id}`)
    const card = main(page).getByRole('region', { name: 'Genre Standing' })
    await expect(card).toBeVisible()
    const row = card
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'CCU', exact: true }) })
      .first()
    const percentile =
      ccu?.percentile === null || ccu === undefined ? '-' : String(Math.round(ccu.percentile))
    await expect(row).toContainText(percentile)
    await expect(card.getByRole('columnheader', { name: 'Median' }).first()).toBeVisible()
    await expect(card.getByText('Favorites per 1,000 Visits').first()).toBeVisible()

    await main(page).getByRole('region', { name: 'Chart Placement History' }).scrollIntoViewIfNeeded()
    await expect(main(page).getByRole('region', { name: 'Chart Placement History' })).toBeVisible()

    if (standing.genre !== 'unlabeled') {
      await page.goto(`/genres/${standing.genre}`)
      const benchmarks = main(page).getByRole('region', { name: 'Benchmarks' })
      await expect(benchmarks.getByRole('row', { name: /^CCU \(day average\)/ })).toBeVisible()
      await expect(benchmarks.getByRole('columnheader', { name: 'p90' })).toBeVisible()
    }
  })

  test('the rankings page lists who entered and who left on the shown day', async ({ page }) => {
    await page.goto('/rankings/8')
    const changes = main(page).getByRole('region', { name: 'Entered and Left' })
    await expect(changes).toContainText(/against|No earlier day to compare with/)
    await expect(changes.getByRole('region', { name: 'Entered' })).toBeVisible()
    await expect(changes.getByRole('region', { name: 'Left' })).toBeVisible()
  })
})
