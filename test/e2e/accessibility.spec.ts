import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { ACCOUNT_TEXT, SEEDED, signInOnboarded, verifiedUser } from './support/accounts.ts'
import { expect, expectCharts, main, test } from './support/fixtures.ts'
import { curatedTag } from './support/tags.ts'

/** Axe findings of impact serious or critical, readable in the failure message. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 6)
        .map((n) => `${n.target.join(' ')}: ${n.any[0]?.message ?? n.failureSummary ?? ''}`)
      return `${v.id} (${v.impact}, ${v.nodes.length} nodes): ${v.help}\n  ${nodes.join('\n  ')}`
    })
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`accessibility (${scheme})`, () => {
    test.use({ colorScheme: scheme })

    test('overview', async ({ page }) => {
      await page.goto('/overview')
      await expectCharts(page, 4)
      expect(await seriousViolations(page)).toEqual([])
    })

    test('experiences list', async ({ page }) => {
      await page.goto('/experiences')
      await expect(main(page).locator('table tbody tr').first()).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })

    test('experience detail', async ({ page, experiences }) => {
      await page.goto(`/experiences/${experiences[0]!.place_id}`)
      await expectCharts(page, 3)
      expect(await seriousViolations(page)).toEqual([])
    })

    test('creators and a creator', async ({ page, request }) => {
      await page.goto('/creators')
      await expect(main(page).locator('table tbody tr').first()).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
      const [creator] = (await (await request.get('/api/creator')).json()) as { id: number }[]
      await page.goto(`/creators/${creator!.id}`)
      await expectCharts(page, 1)
      expect(await seriousViolations(page)).toEqual([])
    })

    test('tags and a tag', async ({ page, browser, experiences }) => {
      const tag = await curatedTag(
        browser,
        `Axe ${scheme} ${Date.now().toString(36)}`,
        experiences.slice(0, 5).map((e) => e.place_id),
      )
      try {
        await page.goto('/tags')
        await expect(main(page).locator('table tbody tr').first()).toBeVisible()
        expect(await seriousViolations(page)).toEqual([])
        await page.goto(`/tags/${tag.id}`)
        await expectCharts(page, 4)
        expect(await seriousViolations(page)).toEqual([])
      } finally {
        await tag.remove()
      }
    })

    test('genres, a genre and a sub-genre', async ({ page, request }) => {
      await page.goto('/genres')
      await expect(main(page).locator('table tbody tr').first()).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
      const { sub_genres } = (await (await request.get('/api/genre/obby')).json()) as {
        sub_genres: { slug: string }[]
      }
      for (const path of ['/genres/obby', `/genres/obby/${sub_genres[0]!.slug}`]) {
        await page.goto(path)
        await expect(main(page).locator('table tbody tr').first()).toBeVisible()
        expect(await seriousViolations(page), path).toEqual([])
      }
    })

    test('the compare pages, with selections', async ({ page, browser, experiences }) => {
      const tag = await curatedTag(
        browser,
        `Axe compare ${scheme} ${Date.now().toString(36)}`,
        experiences.slice(0, 4).map((e) => e.place_id),
      )
      try {
        await verifiedUser(page, `axe-compare-${scheme}`)
        const [a, b, c] = experiences.map((e) => e.place_id)
        for (const [path, charts] of [
          [`/compare/experiences#exp=${a},${b}`, 4],
          [`/compare/experiences?align=launch#exp=${a},${b},${c}`, 4],
          [`/compare/experience-tag#tag-1=${tag.id}&exp=${c}`, 2],
          ['/compare/tags', 0],
        ] as const) {
          await page.goto(path)
          await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible()
          await expectCharts(page, charts)
          expect(await seriousViolations(page), path).toEqual([])
        }
      } finally {
        await tag.remove()
      }
    })

    for (const [path, title] of [
      ['/terms-of-use', 'Terms of Use'],
      ['/privacy-policy', 'Privacy Policy'],
      ['/cookie-policy', 'Cookie Policy'],
    ] as const) {
      test(`legal page ${path}`, async ({ page }) => {
        await page.goto(path)
        await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible()
        expect(await seriousViolations(page)).toEqual([])
      })
    }

    test('the methodology page', async ({ page }) => {
      await page.goto('/methodology')
      await expect(main(page).getByRole('heading', { level: 1, name: 'Methodology' })).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })

    test.describe('with no cookie choice stored', () => {
      test.use({ cookiePrompt: true })

      test('the cookie prompt, open at its settings', async ({ page }) => {
        await page.goto('/overview')
        const prompt = page.locator('[data-cookie-prompt]')
        await expect(prompt).toBeVisible()
        expect(await seriousViolations(page)).toEqual([])
        await prompt.getByRole('button', { name: 'Customize Settings' }).click()
        await expect(prompt.getByRole('switch', { name: 'Necessary' })).toBeDisabled()
        expect(await seriousViolations(page)).toEqual([])
      })
    })

    test.describe('with the sign-up callout due', () => {
      test.use({ signUpCallout: true })

      test('the sign-up callout', async ({ page }) => {
        await page.clock.install()
        await page.goto('/experiences')
        await page.clock.runFor(3_100)
        await expect(page.locator('[data-signup-callout]')).toBeVisible()
        expect(await seriousViolations(page)).toEqual([])
      })
    })

    test('daily picks, with a visitor’s locked dates and prompt', async ({ page }) => {
      // The month before holds the day 28 days back: locked dates and the sign-up prompt show.
      const reach = new Date(Date.now() - 28 * 86_400_000).toISOString().slice(0, 7)
      await page.goto(`/daily-picks?month=${reach}`)
      await expect(main(page).locator('[data-kind="picks"]').first()).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })

    test('rankings, with an experience highlighted', async ({ page, experiences }) => {
      await page.goto(`/rankings/8?exp=${experiences[0]!.place_id}`)
      await expect(main(page).locator('table tbody tr').first()).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })

    test('sign-in', async ({ page }) => {
      await page.goto('/sign-in')
      await expect(page.getByText(ACCOUNT_TEXT.tagline)).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })

    test('sign-up, with its validation messages showing', async ({ page }) => {
      await page.goto('/sign-up')
      await page.getByRole('button', { name: 'Sign Up' }).click()
      await expect(page.getByText(ACCOUNT_TEXT.invalidEmail)).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })

    test('the staff tools', async ({ page }) => {
      await signInOnboarded(page, SEEDED.admin)
      for (const [path, ready] of [
        ['/robux', 'SEK'],
        ['/deep-link', 'Copy App Link'],
        ['/code-library', 'Open in a new tab'],
      ] as const) {
        await page.goto(path)
        await expect(main(page).getByText(ready, { exact: true }).first()).toBeVisible()
        expect(await seriousViolations(page), path).toEqual([])
      }
    })

    test('settings', async ({ page }) => {
      await verifiedUser(page, `axe-${scheme}`)
      await page.goto('/settings')
      await expect(main(page).getByRole('button', { name: 'Request Password Change' })).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })
  })
}
