import { verifyWebhookSignature } from '@ludex/api'
import { type Alert, alertList, WEBHOOK_ATTEMPTS_MAX, WEBHOOK_SIGNATURE_HEADER } from '@ludex/schemas'
import type { Page } from '@playwright/test'
import { type Receiver, startReceiver } from '../src/alerts/receiver.ts'
import { accountButton, pickOptions, verifiedUser } from './support/accounts.ts'
import { expect, main, test } from './support/fixtures.ts'

/*
 * /alerts (issue 20 point 1) in the browser against `ludex run`: reached from the account menu, a user
 * creates webhook alerts on an experience (the server may call loopback receivers in this run), lists
 * them, sends each a test firing, and sees its delivery's status: delivered to the receiver that
 * answers 200 (which can verify the signature), retrying with the error for the one answering 500.
 */

const form = (page: Page) => main(page).getByRole('region', { name: 'New alert' })

async function createWebhookAlert(page: Page, name: string, placeId: number, url: string): Promise<void> {
  const f = form(page)
  await f.getByLabel('Name').fill(name)
  await f.getByLabel('Experience', { exact: true }).fill(String(placeId))
  await page.getByRole('option', { name: new RegExp(`\\(${placeId}\\)$`) }).click()
  await f.getByLabel('CCU threshold').fill('2500')
  await pickOptions(page, f.getByLabel('Deliver by'), ['Webhook (JSON)'])
  await f.getByLabel('Webhook URL').fill(url)
  await f.getByRole('button', { name: 'Create Alert' }).click()
  await expect(page.getByText('Alert created', { exact: true }).first()).toBeVisible()
}

test.describe('the alerts page', () => {
  let ok: Receiver
  let failing: Receiver
  test.beforeAll(async () => {
    ;[ok, failing] = await Promise.all([startReceiver(200), startReceiver(500)])
  })
  test.afterAll(async () => {
    await Promise.all([ok?.close(), failing?.close()])
  })

  test('creates alerts, lists them and shows each delivery’s status', async ({ page, experiences }) => {
    test.setTimeout(60_000)
    const user = await verifiedUser(page, 'alerts')
    await page.goto('/overview')
    await accountButton(page, `${user.firstName} ${user.lastName}`).click()
    await page.getByRole('menuitem', { name: 'Alerts' }).click()
    await expect(page).toHaveURL(/\/alerts$/)
    await expect(main(page).getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible()
    await expect(main(page).getByText('No alerts yet. Create one above.')).toBeVisible()
    await expect(main(page).getByText('Nothing has fired yet.', { exact: false })).toBeVisible()

    const experience = experiences[0]
    if (!experience) throw new Error('no experience')
    await createWebhookAlert(page, 'Spike watch', experience.place_id, ok.url)
    await createWebhookAlert(page, 'Broken hook', experience.place_id, failing.url)

    const alerts = main(page).getByRole('table', { name: 'Your alerts' })
    const spikeRow = alerts.getByRole('row', { name: /Spike watch/ })
    await expect(spikeRow).toContainText('CCU goes above 2,500')
    await expect(spikeRow).toContainText(`Webhook (JSON): ${ok.url}`)
    await expect(alerts.getByRole('row')).toHaveCount(3)

    await spikeRow.getByRole('button', { name: 'Send a test of alert Spike watch' }).click()
    await alerts
      .getByRole('row', { name: /Broken hook/ })
      .getByRole('button', { name: 'Send a test of alert Broken hook' })
      .click()

    const deliveries = main(page).getByRole('table', { name: 'Deliveries' })
    await expect(deliveries.getByRole('row', { name: /Spike watch/ })).toContainText('Delivered', {
      timeout: 20_000,
    })
    const broken = deliveries.getByRole('row', { name: /Broken hook/ })
    await expect(broken).toContainText('Retrying', { timeout: 20_000 })
    await expect(broken).toContainText(`1 of ${WEBHOOK_ATTEMPTS_MAX} tries`)
    await expect(broken).toContainText('HTTP 500')

    // The receiver got the test once, signed with the secret the page shows (and the API answers).
    expect(ok.received).toHaveLength(1)
    const mine = alertList.parse(await (await page.request.get('/api/alerts')).json())
    const spike = mine.alerts.find((a: Alert) => a.name === 'Spike watch')
    if (spike?.delivery.channel !== 'webhook') throw new Error('the alert is not a webhook')
    const got = ok.received[0]
    if (!got) throw new Error('nothing received')
    const signature = got.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string
    expect(verifyWebhookSignature(spike.delivery.secret, got.body, signature)).toBe(true)

    // Deleting an alert removes it from the list.
    await alerts.getByRole('button', { name: 'Delete alert Broken hook' }).click()
    await expect(alerts.getByRole('row', { name: /Broken hook/ })).toHaveCount(0)
  })

  test('asks a visitor to sign in', async ({ page }) => {
    await page.goto('/alerts')
    await expect(main(page).getByText('Sign in to set alerts on experiences and tags.')).toBeVisible()
    await expect(main(page).getByRole('link', { name: 'Sign In' })).toBeVisible()
  })
})
