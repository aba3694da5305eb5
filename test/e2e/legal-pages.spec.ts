import { COOKIES } from '@ludex/schemas'
import { SEEDED, signInOnboarded } from './support/accounts.ts'
import { expect, main, test } from './support/fixtures.ts'

/**
 * The legal pages (part 2 §2.16, §9) as a visitor meets them: server-rendered and indexed, each with its
 * date, its numbered sections and the facts it must state, a Back link, and the footer that links them
 * with the configured social pages and feedback address (playwright.config.ts sets both).
 */

const PAGES = [
  {
    path: '/terms-of-use',
    title: 'Terms of Use',
    dated: 'Effective: 12 March 2025',
    sections: 15,
    facts: [
      'payment and subscription terms will be disclosed before purchase',
      'non-refundable except where the law requires otherwise',
      '100 euros or the amount you paid us in the last 12 months, whichever is lower',
      'governed by Portuguese law',
    ],
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    dated: 'Last updated: 28 February 2025',
    sections: 10,
    facts: [
      'IP addresses are deleted after 30 days',
      'Visit statistics are kept for 3 months',
      'kept until you request its deletion',
      'No personal data leaves the EEA',
      'do not knowingly collect any information from children under 13',
      'Users under 16 need the consent of a parent or guardian',
    ],
  },
  {
    path: '/cookie-policy',
    title: 'Cookie Policy',
    dated: 'Last updated: 28 February 2025',
    sections: 4,
    facts: ['Cookies set on this site'],
  },
] as const

test.describe('the legal pages', () => {
  for (const p of PAGES) {
    test(`${p.path}: server-rendered and indexed, dated, with its sections and facts`, async ({
      page,
      request,
    }) => {
      const response = await request.get(p.path)
      expect(response.status()).toBe(200)
      const html = await response.text()
      expect(html).toContain(`<title>${p.title} | Ludex</title>`)
      expect(html).not.toMatch(/<meta name="robots" content="noindex/)
      for (const fact of p.facts) expect(html).toContain(fact)

      await page.goto(p.path)
      await expect(page).toHaveTitle(`${p.title} | Ludex`)
      await expect(main(page).getByRole('heading', { level: 1, name: p.title })).toBeVisible()
      await expect(main(page).getByText(p.dated)).toBeVisible()
      const headings = main(page).locator('article section h2')
      await expect(headings).toHaveCount(p.sections)
      expect((await headings.allTextContents()).map((h) => h.split('.')[0])).toEqual(
        Array.from({ length: p.sections }, (_, i) => String(i + 1)),
      )
      for (const fact of p.facts) await expect(main(page).getByText(fact).first()).toBeVisible()
    })
  }

  test('the cookie policy lists the cookies the site really sets, with their lifetimes', async ({ page }) => {
    await page.goto('/cookie-policy')
    const table = main(page).getByRole('table', { name: 'Cookies set on this site' })
    const rows = table.locator('tbody tr')
    await expect(rows).toHaveCount(3)
    const lifetimes = await rows.evaluateAll((trs) =>
      trs.map((tr) => [tr.querySelector('th')?.textContent, tr.querySelector('td:last-child')?.textContent]),
    )
    expect(lifetimes).toEqual([
      [COOKIES.session.name, '1 year'],
      [COOKIES.analytics.name, '1 year'],
      [COOKIES.ssoState.name, '1 week'],
    ])
    // And the server sets the session cookie for as long as the table says.
    await signInOnboarded(page, SEEDED.admin)
    const session = (await page.context().cookies()).find((c) => c.name === COOKIES.session.name)
    expect(Math.round(((session?.expires ?? 0) - Date.now() / 1000) / 86_400)).toBe(COOKIES.session.days)
  })

  test('Back goes to the page the visitor came from, else to the overview', async ({ page }) => {
    await page.goto('/experiences')
    await page.locator('footer').getByRole('link', { name: 'Terms of Use' }).click()
    await expect(main(page).getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible()
    await main(page).getByRole('link', { name: 'Back', exact: true }).click()
    await expect(page).toHaveURL(/\/experiences$/)
    await expect(main(page).getByRole('heading', { level: 1, name: 'Experiences' })).toBeVisible()

    // Landed on directly (a link from elsewhere): Back leads to the overview.
    await page.goto('/privacy-policy')
    const back = main(page).getByRole('link', { name: 'Back', exact: true })
    await expect(back).toHaveAttribute('href', '/overview')
    await back.click()
    await expect(page).toHaveURL(/\/overview$/)
    await expect(main(page).getByText('Tracked Games CCU').first()).toBeVisible()
  })

  test('the footer links the legal pages, the social pages and the feedback address', async ({ page }) => {
    await page.goto('/overview')
    const footer = page.locator('footer')
    for (const [name, href] of [
      ['Terms of Use', '/terms-of-use'],
      ['Privacy Policy', '/privacy-policy'],
      ['Cookie Policy', '/cookie-policy'],
      ['Ludex on GitHub', 'https://github.com/ludex-e2e/ludex'],
      ['Ludex on Discord', 'https://discord.gg/ludex-e2e'],
    ] as const) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
    }
    await expect(footer.getByRole('link', { name: 'Ludex on GitHub' })).toHaveAttribute('target', '_blank')
    await expect(footer.getByRole('link', { name: 'Send feedback' })).toHaveAttribute(
      'href',
      /^mailto:feedback@ludex\.test\?/,
    )
    await footer.getByRole('link', { name: 'Cookie Policy' }).click()
    await expect(page).toHaveURL(/\/cookie-policy$/)
    await expect(main(page).getByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeVisible()
    // The contact address in the texts is the configured one.
    await expect(main(page).getByText('feedback@ludex.test').first()).toBeVisible()
  })
})
