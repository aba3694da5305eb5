import { type ExchangeRates, formatMoney, loadConfig } from '@ludex/schemas'
import { exchangeRatesAt } from '@ludex/workers'
import type { Page } from '@playwright/test'
import { openGroup, SEEDED, signInOnboarded, toolsGroup, verifiedUser } from './support/accounts.ts'
import { CODE_LIBRARY_HEADING } from './support/code-library.ts'
import { expect, main, test } from './support/fixtures.ts'

/**
 * The staff tools (issue 17: the Robux converter, the deep link and the code library) as an editor
 * and an admin, and refused to a viewer by the page and by the API.
 */

const STAFF = [SEEDED.editor, SEEDED.admin] as const
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' })

/** Opens a tool from the sidebar's Tools group, as staff do. */
async function openTool(page: Page, label: string, path: string): Promise<void> {
  await page.goto('/overview')
  await openGroup(toolsGroup(page))
  await nav(page).getByRole('link', { name: label }).click()
  await expect(page).toHaveURL((url) => url.pathname === path)
  await expect(main(page).getByRole('heading', { level: 1, name: label })).toBeVisible()
  await expect(page).toHaveTitle(`${label} | Ludex`)
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
}

test.describe('staff tools', () => {
  for (const user of STAFF) {
    test(`the Robux converter for an ${user.role}: USD, DevEx, EUR and SEK from the simulator's rates`, async ({
      page,
      snap,
    }) => {
      await signInOnboarded(page, user)
      await openTool(page, 'Robux Converter', '/robux')
      // The sidebar item carries the 'Internal Only' tooltip badge.
      await nav(page).getByRole('link', { name: 'Robux Converter' }).getByText('Internal').hover()
      await expect(page.getByText('Internal Only', { exact: true })).toBeVisible()

      // The API's rates are the simulated provider's, read over HTTP by the real client.
      const response = await page.request.get('/api/exchange-rates')
      expect(response.status()).toBe(200)
      const rates = (await response.json()) as ExchangeRates
      const published = exchangeRatesAt(loadConfig({}).SIMULATOR_SEED, Date.parse(rates.updated) + 60_000)
      expect(rates.rates).toEqual({ EUR: published.rates.EUR, SEK: published.rates.SEK })

      const table = main(page).getByRole('table')
      await expect(table.getByRole('columnheader', { name: 'SEK' })).toBeVisible()
      const day = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '1 Day' }) })
      await expect(day.getByRole('cell')).toHaveText([
        '1,000',
        '$3.5000',
        '$3.8000',
        formatMoney(3.5 * rates.rates.EUR, 'EUR'),
        formatMoney(3.5 * rates.rates.SEK, 'SEK'),
      ])
      const year = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: '1 Year' }) })
      await expect(year.getByRole('cell').nth(1)).toHaveText('$1,277.50')

      // USD back to Robux at 285.7142857, rounded.
      await main(page).getByRole('textbox', { name: 'USD' }).fill('10')
      await expect(main(page).getByRole('textbox', { name: 'Robux' })).toHaveValue('2,857')
      await expect(day.getByRole('cell').first()).toHaveText('2,857')
      await expect(main(page).getByText(/^Developer Exchange: 0\.0038 USD per Robux/)).toBeVisible()
      if (user.role === 'admin') await snap('robux')

      // At 760 px or less the periods are cards; wider, a table.
      await page.setViewportSize({ width: 760, height: 900 })
      await expect(table).toBeHidden()
      const cards = main(page).getByRole('list', { name: 'Over time' })
      await expect(cards.getByRole('listitem')).toHaveCount(4)
      await expect(cards.getByRole('listitem').first()).toContainText('1 Day')
      await page.setViewportSize({ width: 761, height: 900 })
      await expect(table).toBeVisible()
      await expect(cards).toBeHidden()
    })
  }

  test('the deep link for an editor: picked or typed experience, both forms copied', async ({
    page,
    context,
    experiences,
    snap,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await signInOnboarded(page, SEEDED.editor)
    await openTool(page, 'Roblox-style Deep Link', '/deep-link')
    const copyWeb = main(page).getByRole('button', { name: 'Copy Web Link' })
    await expect(copyWeb).toBeDisabled()

    // The shared experience search: suggestions from 3 characters.
    const target = experiences[4]!
    const picker = main(page).getByLabel('Experience', { exact: true })
    await picker.fill(target.name.slice(0, 2))
    await expect(page.getByRole('option')).toHaveCount(0)
    await picker.fill(target.name)
    await page.getByRole('option', { name: new RegExp(`Place ${target.place_id}`) }).click()
    await expect(main(page).getByText(`Place ${target.place_id}: ${target.name}`)).toBeVisible()

    const data = main(page).getByLabel('Launch data', { exact: true })
    await data.fill('{ "roomId": 2 }')
    await expect(main(page).getByText('invalid json')).toHaveCount(0)
    await copyWeb.click()
    await expect(page.getByText('Deep link has been copied to your clipboard.').first()).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `https://www.roblox.com/games/start?placeId=${target.place_id}&launchData=%7B%22roomId%22%3A2%7D`,
    )

    // Invalid JSON: shown inline, still copied, as typed.
    await data.fill('{roomId: 2')
    await expect(main(page).getByText('invalid json', { exact: true })).toBeVisible()
    await main(page).getByRole('button', { name: 'Copy App Link' }).click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `roblox://placeId=${target.place_id}&launchData=%7BroomId%3A%202`,
    )
    await snap('deep-link')

    // A pasted game link becomes its id; a typed id needs no tracked experience.
    await picker.fill('')
    await page.evaluate(() =>
      navigator.clipboard.writeText('https://www.roblox.com/games/606849621/Jailbreak'),
    )
    await picker.focus()
    await picker.press('ControlOrMeta+V')
    await expect(picker).toHaveValue('606849621')
    await expect(main(page).getByText('Place 606849621 (not tracked by Ludex)')).toBeVisible()
    await expect(main(page).getByText(/^roblox:\/\/placeId=606849621&launchData=/)).toBeVisible()

    // Over 200 bytes: flagged.
    await data.fill(JSON.stringify({ code: 'x'.repeat(200) }))
    await expect(main(page).getByText(/Roblox does not accept launch data over 200 bytes/)).toBeVisible()
  })

  test('the code library for an admin: the configured page framed, its origin alone in the CSP', async ({
    page,
    snap,
  }) => {
    await signInOnboarded(page, SEEDED.admin)
    const response = await page.goto('/overview')
    const library = (await (await page.request.get('/api/code-library')).json()) as { url: string }
    const origin = new URL(library.url).origin
    const csp = (await response?.allHeaders())?.['content-security-policy'] ?? ''
    expect(csp.split('; ').find((d) => d.startsWith('frame-src'))).toBe(`frame-src 'self' ${origin}`)

    await openGroup(toolsGroup(page))
    await nav(page).getByRole('link', { name: 'Code Library' }).click()
    await expect(main(page).getByRole('heading', { level: 1, name: 'Code Library' })).toBeVisible()
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
    const frame = main(page).locator('iframe[title="Code library"]')
    await expect(frame).toHaveAttribute('src', library.url)
    await expect(
      page.frameLocator('iframe[title="Code library"]').getByRole('heading', { name: CODE_LIBRARY_HEADING }),
    ).toBeVisible()
    await expect(main(page).getByLabel('Loading the code library')).toHaveCount(0)
    await snap('code-library')
  })

  test('a viewer is sent away from every tool, and the API refuses their calls', async ({ page }) => {
    await verifiedUser(page, 'tool-viewer')
    await page.goto('/overview')
    await expect(toolsGroup(page)).toHaveCount(0)
    for (const path of ['/robux', '/deep-link', '/code-library']) {
      await page.goto(path)
      await expect(page, path).toHaveURL((url) => url.pathname === '/')
      await expect(main(page).getByText('Tracked Games CCU').first()).toBeVisible()
    }
    for (const call of ['/api/exchange-rates', '/api/code-library']) {
      expect((await page.request.get(call)).status(), call).toBe(403)
    }
    // And a visitor's: 401.
    await page.request.post('/api/auth/logout')
    for (const call of ['/api/exchange-rates', '/api/code-library']) {
      expect((await page.request.get(call)).status(), call).toBe(401)
    }
  })
})
