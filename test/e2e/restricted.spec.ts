import { loadConfig } from '@ludex/schemas'
import { createPlatformModel, indexOfPlace, restrictedAt } from '@ludex/workers'
import { expect, main, test } from './support/fixtures.ts'

/** The e2e server's simulator (playwright.config.ts: SIMULATOR_EXPERIENCES 150, the default seed). */
const model = createPlatformModel({ seed: loadConfig({}).SIMULATOR_SEED, experiences: 150 })

test.describe('restricted experiences (issue 19.1)', () => {
  test('the detail page of a restricted experience says so; an open one does not', async ({
    page,
    experiences,
    snap,
  }) => {
    // The simulator keeps one of every six restriction-prone experiences censored at any time.
    const now = Date.now()
    const isRestricted = (placeId: number) => restrictedAt(model, indexOfPlace(model, placeId), now)
    const restricted = experiences.find((e) => isRestricted(e.place_id))
    const open = experiences.find((e) => !isRestricted(e.place_id))
    expect(restricted, 'a restricted experience among the tracked ones').toBeDefined()
    expect(open).toBeDefined()
    if (!restricted || !open) return

    await page.goto(`/experiences/${restricted.place_id}`)
    const content = main(page)
    await expect(content.getByRole('heading', { name: restricted.name, level: 1 })).toBeVisible()
    const notice = content.getByRole('status').filter({ hasText: 'Restricted on Roblox' })
    await expect(notice).toBeVisible()
    await expect(notice).toContainText(
      /^Restricted on RobloxSince .+, Roblox no longer shows this experience/,
    )
    await expect(notice).toContainText('left out of the platform totals')
    await snap('experience-restricted')

    await page.goto(`/experiences/${open.place_id}`)
    await expect(content.getByRole('heading', { name: open.name, level: 1 })).toBeVisible()
    await expect(content.getByText('Restricted on Roblox')).toHaveCount(0)
  })
})
