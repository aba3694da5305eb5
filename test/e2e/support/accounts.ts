import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { expect } from '@playwright/test'

/**
 * Accounts the e2e run creates before the server starts, with `ludex user create` (see
 * playwright.config.ts): they can sign in at once. The CLI gives them no interests or user type, so
 * each still needs onboarding on its first sign-in.
 */
export const SEEDED = {
  admin: {
    email: 'admin@ludex.test',
    password: 'admin-password-e2e',
    firstName: 'Ada',
    lastName: 'Admin',
    role: 'admin',
  },
  editor: {
    email: 'editor@ludex.test',
    password: 'editor-password-e2e',
    firstName: 'Eddie',
    lastName: 'Editor',
    role: 'editor',
  },
  newcomer: {
    email: 'newcomer@ludex.test',
    password: 'newcomer-password-e2e',
    firstName: 'Nia',
    lastName: 'Newcomer',
    role: 'viewer',
  },
  /** Onboarding due and never completed: consent.spec.ts checks the modal waits for the cookie prompt. */
  waiting: {
    email: 'waiting@ludex.test',
    password: 'waiting-password-e2e',
    firstName: 'Wade',
    lastName: 'Waiting',
    role: 'viewer',
  },
} as const

export interface Credentials {
  readonly email: string
  readonly password: string
  readonly firstName: string
  readonly lastName: string
}

/** Shell arguments of `ludex user create` for a seeded account. */
export function userCreateArgs(user: (typeof SEEDED)[keyof typeof SEEDED]): string {
  return [
    'user create',
    `--email ${user.email}`,
    `--password ${user.password}`,
    `--first-name ${user.firstName}`,
    `--last-name ${user.lastName}`,
    `--role ${user.role}`,
  ].join(' ')
}

/** The account screens' texts (part 2 §2.11–2.15, §8), verbatim. */
export const ACCOUNT_TEXT = {
  tagline: 'Explore comprehensive real-time Roblox data',
  signUpTitle: 'Sign Up for Free',
  signUpSubtitle: 'Sign up for free to access additional features and historical data',
  verificationSent: [
    'We’ve sent you a verification email',
    'To finalize your account, please check your inbox for a verification email and complete the verification process.',
    'If you don’t see the email, please check your spam folder.',
  ],
  tooShort: 'Password needs to be longer',
  mismatch: 'Password does not match',
  invalidEmail: 'Invalid email',
  verifyTitle: 'Verify Your Email',
  verifyNeeded:
    'You’ll need to verify your email to access your account. Check your inbox or spam folder for a verification email.',
  verifyAnother: 'Can’t find it? No worries—we can send you another one.',
  resent:
    'A new verification email is on its way! Check your inbox or spam folder and follow the steps to finish the sign up process.',
  resetRequested:
    'If there’s an account connected to this email, we’ll send you instructions to set a new password.',
  rememberPassword: 'Do you remember your password?',
  verified: 'Email verified — you’re all set!',
  verificationFailed: 'Email verification failed',
  passwordChanged: 'Password change successful!',
  settingsRequested:
    'We’ve emailed you a link to reset your password. Please check your inbox (or spam folder) and follow the instructions.',
  notLoggedIn: 'Not logged in.',
  onboardingTitle: 'Complete Your User Registration',
} as const

let counter = 0
/** A fresh address for each account a test signs up (the data dir lives for the whole run). */
export function uniqueEmail(prefix: string): string {
  counter += 1
  return `${prefix}-${Date.now().toString(36)}-${counter}@ludex.test`
}

export function newCredentials(prefix: string, firstName = 'Vera', lastName = 'Viewer'): Credentials {
  return { email: uniqueEmail(prefix), password: `pw-${prefix}-e2e-long`, firstName, lastName }
}

interface OutboxMail {
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly links: readonly string[]
  readonly sent_at: string
}

/** Every mail the outbox (GET /api/dev/outbox, with MAIL_OUTBOX_PAGE) holds for one address, newest first. */
export async function mailsTo(request: APIRequestContext, to: string): Promise<OutboxMail[]> {
  const response = await request.get('/api/dev/outbox')
  // The status and answer in the message: a CI run once failed here with nothing more to go on.
  if (!response.ok()) {
    expect(
      response.ok(),
      `GET /api/dev/outbox: ${response.status()} ${(await response.text()).slice(0, 500)}`,
    ).toBe(true)
  }
  return ((await response.json()) as OutboxMail[]).filter((m) => m.to === to)
}

/**
 * The newest link to `path` (/verify-email or /change-password) mailed to `to`, once at least `count`
 * such mails are in the outbox. Returned as a path ('/verify-email#token=…') so it opens on the test's
 * own origin.
 */
export async function mailedLink(
  request: APIRequestContext,
  to: string,
  path: '/verify-email' | '/change-password',
  count = 1,
): Promise<string> {
  let links: string[] = []
  await expect
    .poll(
      async () => {
        links = (await mailsTo(request, to)).flatMap((m) =>
          m.links.filter((l) => new URL(l).pathname === path),
        )
        return links.length
      },
      { message: `${path} mails to ${to}`, timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(count)
  const url = new URL(links[0]!)
  expect(url.hash).toMatch(/^#token=[A-Za-z0-9_-]{16,}$/)
  return `${url.pathname}${url.hash}`
}

/** Signs up over the API (as the form does), without verifying. */
export async function signUpViaApi(request: APIRequestContext, user: Credentials): Promise<void> {
  const response = await request.post('/api/auth/register', {
    data: {
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      password: user.password,
      interests: ['obby', 'horror'],
      user_type: 'developer',
    },
  })
  expect(response.ok(), `sign-up of ${user.email}: ${response.status()}`).toBe(true)
}

/**
 * A verified account, signed in: signs up, follows the mailed verification link over the API. The
 * request context is the page's, so the browser now holds the session cookie.
 */
export async function verifiedUser(page: Page, prefix: string, firstName?: string, lastName?: string) {
  const user = newCredentials(prefix, firstName, lastName)
  await signUpViaApi(page.request, user)
  const link = await mailedLink(page.request, user.email, '/verify-email')
  const token = decodeURIComponent(link.split('#token=')[1]!)
  const response = await page.request.post('/api/auth/verify-email', { data: { token } })
  expect(response.ok(), `verify ${user.email}`).toBe(true)
  return user
}

/** Signs the page's browser context in over the API (the session cookie lands in the context). */
export async function signInViaApi(page: Page, user: { email: string; password: string }): Promise<void> {
  const response = await page.request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  })
  expect(response.status(), `sign-in of ${user.email}`).toBe(200)
}

/**
 * Signs in a seeded account and completes its onboarding over the API (the CLI leaves it due), so the
 * onboarding modal does not cover the page; tests of the modal itself use SEEDED.newcomer instead.
 */
export async function signInOnboarded(page: Page, user: { email: string; password: string }): Promise<void> {
  await signInViaApi(page, user)
  const response = await page.request.put('/api/users/me/onboarding', {
    data: { interests: ['tycoons'], user_type: 'producer' },
  })
  expect(response.ok(), `onboarding of ${user.email}`).toBe(true)
}

/** Fills and sends the sign-in panel. */
export async function signInViaForm(page: Page, user: { email: string; password: string }): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in' })
  await form.getByLabel('Email').fill(user.email)
  await form.getByLabel('Password', { exact: true }).fill(user.password)
  await form.getByRole('button', { name: 'Sign In' }).click()
}

/** The signed-in account menu's button in the top bar. */
export const accountButton = (page: Page, name: string): Locator =>
  page.getByRole('banner').getByRole('button', { name: `Account menu: ${name}` })

/** Picks options of a Mantine Select or MultiSelect by their visible labels. */
export async function pickOptions(page: Page, input: Locator, labels: readonly string[]): Promise<void> {
  for (const label of labels) {
    await input.click()
    await page.getByRole('option', { name: label, exact: true }).click()
  }
  // Focus moves on, the dropdown closes (Escape would also close a modal around the field).
  await page.keyboard.press('Tab')
}

/** The Tools group's button in the sidebar, or nothing when the viewer may not see it. */
export const toolsGroup = (page: Page): Locator =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Tools', exact: true })

/** Opens a remembered-closed sidebar group. */
export async function openGroup(group: Locator): Promise<void> {
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click()
}
