import type { APIRequestContext, Locator } from '@playwright/test'
import { expect, main, TEXT, test } from './support/fixtures.ts'

interface GenreRow {
  readonly genre: string
  readonly experiences: number
  readonly players_online: number
}
interface GenreDetail {
  readonly sub_genres: { sub_genre: string; slug: string; experiences: number }[]
  readonly experiences: { place_id: number; name: string; genre_l2: string }[]
}

const bodyRows = (scope: Locator): Locator => scope.locator('table tbody tr')

async function genres(request: APIRequestContext): Promise<GenreRow[]> {
  const response = await request.get('/api/genre')
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { genres: GenreRow[] }).genres
}

/** The genre with the most sub-genres (in the simulator's data). */
async function richGenre(request: APIRequestContext): Promise<{ genre: string; detail: GenreDetail }> {
  let best: { genre: string; detail: GenreDetail } | null = null
  for (const g of await genres(request)) {
    if (g.genre === 'unlabeled' || g.experiences === 0) continue
    const detail = (await (await request.get(`/api/genre/${g.genre}`)).json()) as GenreDetail
    if (!best || detail.sub_genres.length > best.detail.sub_genres.length) best = { genre: g.genre, detail }
  }
  return best!
}

test.describe('genres', () => {
  test('the genre table lists the sixteen genres, capitalised, by players online', async ({
    page,
    request,
    snap,
  }) => {
    const list = await genres(request)
    expect(list).toHaveLength(17)
    await page.goto('/genres')
    await expect(main(page).getByRole('heading', { name: 'Genres', level: 1 })).toBeVisible()
    const rows = bodyRows(main(page))
    await expect(rows).toHaveCount(17)
    await expect(main(page).getByRole('columnheader', { name: 'Players Online' })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
    const busiest = list.toSorted((a, b) => b.players_online - a.players_online)[0]!
    // Names capitalised, as the spec spells the keys' words ('rng' as RNG).
    for (const name of ['RNG Simulators', 'Tower Defense', 'Action RPGs and MMOs', 'Roleplay and Hangout']) {
      await expect(rows.getByRole('link', { name, exact: true })).toBeVisible()
    }
    await expect(rows.first().getByRole('link')).toHaveAttribute('href', `/genres/${busiest.genre}`)
    // Experiences in no genre are one row, a dash.
    await expect(rows.locator('td:first-child', { hasText: /^-$/ })).toHaveCount(1)
    for (const name of ['Experiences', 'Share of Players', 'Average Like Rate']) {
      await expect(main(page).getByRole('columnheader', { name })).toBeVisible()
    }
    await main(page).getByRole('columnheader', { name: 'Experiences' }).getByRole('button').click()
    const counts = (await rows.locator('td:nth-child(2)').allTextContents()).map((t) =>
      Number(t.replace(/,/g, '')),
    )
    expect(counts).toEqual(counts.toSorted((a, b) => b - a))
    await snap('genres')
  })

  test('a genre shows its sub-genres and experiences; a sub-genre its experiences', async ({
    page,
    request,
    snap,
  }) => {
    const { genre, detail } = await richGenre(request)
    await page.goto('/genres')
    const row = bodyRows(main(page)).filter({ has: page.locator(`a[href="/genres/${genre}"]`) })
    await row.getByRole('link').click()
    await expect(page).toHaveURL(new RegExp(`/genres/${genre}$`))
    const subTable = main(page).getByRole('region', { name: 'Sub-genres' })
    await expect(bodyRows(subTable)).toHaveCount(detail.sub_genres.length)
    const experiences = main(page).getByRole('region', { name: 'Experiences' })
    await expect(bodyRows(experiences)).toHaveCount(Math.min(20, detail.experiences.length))
    await snap('genre')

    const sub = detail.sub_genres.find((s) => s.sub_genre !== 'unlabeled')!
    await bodyRows(subTable).locator(`a[href="/genres/${genre}/${sub.slug}"]`).click()
    await expect(page).toHaveURL(new RegExp(`/genres/${genre}/${sub.slug}$`))
    await expect(bodyRows(main(page).getByRole('region', { name: 'Experiences' }))).toHaveCount(
      Math.min(20, sub.experiences),
    )
    // Back to the genre from the sub-genre.
    await main(page).getByText('Sub-genre of').getByRole('link').click()
    await expect(page).toHaveURL(new RegExp(`/genres/${genre}$`))
  })

  test('unknown genres and sub-genres answer 404', async ({ page, request }) => {
    for (const path of [
      '/genres/Obby',
      '/genres/nope',
      '/genres/obby/nope',
      '/genres/obby%20%26%20platformer',
    ]) {
      expect((await request.get(path)).status(), path).toBe(404)
      await page.goto(path)
      await expect(page.getByRole('heading', { name: TEXT.notFoundTitle }), path).toBeVisible()
    }
  })

  test('the experience page links to its genre and sub-genre', async ({ page, request }) => {
    const { genre, detail } = await richGenre(request)
    const e = detail.experiences.find((x) => x.genre_l2 !== '')!
    const sub = detail.sub_genres.find((s) => s.sub_genre === e.genre_l2.toLowerCase())!
    await page.goto(`/experiences/${e.place_id}`)
    const info = main(page).getByRole('region', { name: 'Information' })
    await info.getByRole('link', { name: e.genre_l2 }).click()
    await expect(page).toHaveURL(new RegExp(`/genres/${genre}/${sub.slug}$`))
    await page.goBack()
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' })
    await main(page)
      .getByRole('region', { name: 'Information' })
      .locator(`a[href="/genres/${genre}"]`)
      .click()
    await expect(page).toHaveURL(new RegExp(`/genres/${genre}$`))
  })
})
