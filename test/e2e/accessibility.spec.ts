import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, expectCharts, main, test } from './support/fixtures.ts'

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
  })
}
