import { verifiedUser } from './support/accounts.ts'
import { expect, main, test } from './support/fixtures.ts'

test.describe('API keys on Settings (issue 21.3)', () => {
  test('create a key shown once, copy it, use it, see its calls, revoke it', async ({
    page,
    context,
    snap,
  }) => {
    test.setTimeout(60_000)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await verifiedUser(page, 'keys', 'Kai', 'Keys')
    const onboarded = await page.request.put('/api/users/me/onboarding', {
      data: { interests: ['tycoons'], user_type: 'developer' },
    })
    expect(onboarded.ok()).toBe(true)

    await page.goto('/settings')
    const section = main(page).getByRole('region', { name: 'API Keys' })
    await expect(section.getByText('You have no API keys yet.')).toBeVisible()
    await expect(section.getByText('Authorization: Bearer <key>')).toBeVisible()
    await expect(section.getByRole('link', { name: 'API documentation' })).toHaveAttribute(
      'href',
      '/api/docs',
    )

    // A blank name is refused in the form.
    await section.getByRole('button', { name: 'Create Key' }).click()
    await expect(section.getByText('Name the key')).toBeVisible()

    await section.getByLabel('Key name').fill('CI export')
    await section.getByRole('button', { name: 'Create Key' }).click()
    await expect(section.getByText('Copy your new key now: it will not be shown again.')).toBeVisible()
    const key = ((await section.getByLabel('New API key').textContent()) ?? '').trim()
    expect(key).toMatch(/^ldx_[A-Za-z0-9_-]{43}$/)
    const row = section.getByRole('row', { name: /CI export/ })
    await expect(row).toContainText(`${key.slice(0, 10)}…`)
    await expect(row).toContainText('Never')
    await snap('settings-api-key-created')

    await section.getByRole('button', { name: 'Copy Key' }).click()
    await expect(page.getByText('API key copied').first()).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key)

    // The key works from anywhere, under its own budget.
    const used = await page.request.get('/api/site', { headers: { authorization: `Bearer ${key}` } })
    expect(used.status()).toBe(200)
    expect(used.headers()['ratelimit-limit']).toBeTruthy()
    expect(used.headers()['ratelimit-remaining']).toBeTruthy()

    // Shown once: after a reload the page holds the key's start only, and its call is counted.
    await page.reload()
    await expect(row).toBeVisible()
    expect(await page.content()).not.toContain(key)
    await expect(section.getByText('Copy your new key now: it will not be shown again.')).toHaveCount(0)
    await expect(row.getByRole('cell').nth(4)).toHaveText('1')

    // Revoked after a confirmation: the list is empty and the key is refused.
    await row.getByRole('button', { name: 'Revoke CI export' }).click()
    const dialog = page.getByRole('dialog', { name: 'Revoke this API key?' })
    await expect(dialog).toContainText('CI export')
    await dialog.getByRole('button', { name: 'Revoke' }).click()
    await expect(page.getByText('API key revoked').first()).toBeVisible()
    await expect(section.getByText('You have no API keys yet.')).toBeVisible()
    const refused = await page.request.get('/api/site', { headers: { authorization: `Bearer ${key}` } })
    expect(refused.status()).toBe(401)
  })
})
