import {
  accountButton,
  mailedLink,
  mailsTo,
  newCredentials,
  pickOptions,
  SEEDED,
  signInViaApi,
  signInViaForm,
  signUpViaApi,
  ACCOUNT_TEXT as T,
} from './support/accounts.ts'
import { expect, main, TEXT, test } from './support/fixtures.ts'

test.describe('accounts', () => {
  test('sign-up → mailed link → verify → sign out → sign in → settings → password change', async ({
    page,
    snap,
  }) => {
    test.setTimeout(90_000)
    const user = newCredentials('flow', 'Frida', 'Flow')
    const name = `${user.firstName} ${user.lastName}`

    // Sign-up, with its validation messages first.
    await page.goto('/sign-up')
    await expect(page.getByRole('heading', { name: T.signUpTitle })).toBeVisible()
    await expect(page.getByText(T.signUpSubtitle)).toBeVisible()
    const form = page.getByRole('form', { name: 'Sign up' })
    await form.getByLabel('Email').fill('not-an-email')
    await form.getByLabel('Password', { exact: true }).fill('short')
    await form.getByRole('button', { name: 'Sign Up' }).click()
    await expect(form.getByText(T.invalidEmail)).toBeVisible()
    await expect(form.getByText(T.tooShort)).toHaveCount(2)
    await expect(form.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true')
    await form.getByLabel('Password', { exact: true }).fill(user.password)
    await form.getByLabel('Confirm Password').fill(`${user.password}x`)
    await expect(form.getByText(T.mismatch)).toBeVisible()
    await snap('sign-up-validation')

    await form.getByLabel('First Name').fill(user.firstName)
    await form.getByLabel('Last Name').fill(user.lastName)
    await form.getByLabel('Email').fill(user.email)
    await form.getByLabel('Confirm Password').fill(user.password)
    await expect(form.getByText(T.mismatch)).toHaveCount(0)
    await pickOptions(page, form.getByLabel('Interests'), ['Obby', 'Horror'])
    await pickOptions(page, form.getByLabel('I am a'), ['Data Analyst'])
    await form.getByRole('button', { name: 'Sign Up' }).click()
    for (const line of T.verificationSent) await expect(page.getByText(line)).toBeVisible()
    await snap('sign-up-sent')

    // The verification mail's link signs the new account in.
    const verifyLink = await mailedLink(page.request, user.email, '/verify-email')
    await page.goto(verifyLink)
    await expect(page.getByRole('heading', { name: T.verified })).toBeVisible()
    // The token left the address once read.
    await expect(page).toHaveURL(/\/verify-email$/)
    await snap('verify-email')
    await page.getByRole('link', { name: 'Continue' }).click()
    await expect(page).toHaveURL(/\/overview$/)
    await expect(accountButton(page, name)).toBeVisible()
    // Interests and user type came with the sign-up: no onboarding.
    await expect(page.getByRole('dialog', { name: T.onboardingTitle })).toHaveCount(0)
    await expect(main(page).getByText(TEXT.signInToView)).toHaveCount(0)

    // Sign Out lands on the overview as a visitor.
    await page.goto('/experiences')
    await accountButton(page, name).click()
    await page.getByRole('menuitem', { name: 'Sign Out' }).click()
    await expect(page).toHaveURL(/\/overview$/)
    const topBar = page.getByRole('banner')
    await expect(topBar.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible()
    await expect(main(page).getByText(TEXT.signInToView).first()).toBeVisible()

    // Sign In from a page returns to it.
    await page.goto('/experiences')
    await topBar.getByRole('link', { name: 'Sign In', exact: true }).click()
    await expect(page).toHaveURL(/\/sign-in$/)
    await expect(page.getByText(T.tagline)).toBeVisible()
    await snap('sign-in')
    await signInViaForm(page, user)
    await expect(page).toHaveURL(/\/experiences$/)
    await expect(accountButton(page, name)).toBeVisible()

    // Settings: name, e-mail, joined, and the password change request.
    await accountButton(page, name).click()
    await page.getByRole('menuitem', { name: 'Settings' }).click()
    await expect(page).toHaveURL(/\/settings$/)
    const account = main(page).getByRole('region', { name: 'Account' })
    await expect(account.getByText(name)).toBeVisible()
    await expect(account.getByText(user.email)).toBeVisible()
    const joined = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date())
    await expect(account.getByText(joined)).toBeVisible()
    await expect(main(page).getByRole('switch', { name: /Session tracking/ })).toBeChecked()
    await snap('settings')
    await main(page).getByRole('button', { name: 'Request Password Change' }).click()
    await expect(main(page).getByText(T.settingsRequested)).toBeVisible()

    // The reset mail's link: the new password, with the form's rules.
    const resetLink = await mailedLink(page.request, user.email, '/change-password')
    await page.goto(resetLink)
    await expect(page).toHaveURL(/\/change-password$/)
    const change = page.getByRole('form', { name: 'Change password' })
    await change.getByLabel('New Password').fill('short')
    await change.getByRole('button', { name: 'Change Password' }).click()
    await expect(change.getByText(T.tooShort).first()).toBeVisible()
    // Cleared after every attempt, one the form's checks stopped too (part 2 §4); typing starts over.
    await expect(change.getByLabel('New Password')).toHaveValue('')
    await expect(change.getByLabel('New Password')).toBeFocused()
    await change.getByLabel('New Password').fill('brand new password')
    await change.getByLabel('Confirm Password').fill('brand new passworD')
    await expect(change.getByText(T.mismatch)).toBeVisible()
    await snap('change-password')
    await change.getByLabel('Confirm Password').fill('brand new password')
    await change.getByRole('button', { name: 'Change Password' }).click()
    await expect(page.getByRole('heading', { name: T.passwordChanged })).toBeVisible()
    await page.getByRole('link', { name: 'Continue' }).click()
    await expect(page).toHaveURL(/\/sign-in$/)

    // Every session was revoked; the old password no longer works, the new one does.
    await signInViaForm(page, user)
    await expect(page.getByRole('form', { name: 'Sign in' }).getByLabel('Email')).toHaveValue('')
    await expect(page).toHaveURL(/\/sign-in$/)
    await signInViaForm(page, { email: user.email, password: 'brand new password' })
    await expect(page).toHaveURL(/\/overview$/)
    await expect(accountButton(page, name)).toBeVisible()
  })

  test('an unverified sign-in switches to the resend panel (428)', async ({ page, snap }) => {
    const user = newCredentials('unverified')
    await signUpViaApi(page.request, user)
    await page.goto('/sign-in')
    await signInViaForm(page, user)
    await expect(page.getByRole('heading', { name: T.verifyTitle })).toBeVisible()
    await expect(page.getByText(T.verifyNeeded)).toBeVisible()
    await expect(page.getByText(T.verifyAnother)).toBeVisible()
    await snap('sign-in-resend')
    await page.getByRole('button', { name: 'Resend Email Verification' }).click()
    await expect(page.getByText(T.resent)).toBeVisible()
    await expect.poll(async () => (await mailsTo(page.request, user.email)).length).toBe(2)
    // Back on the sign-in panel, the fields were cleared.
    await page.getByRole('button', { name: 'Back to Sign In' }).click()
    await expect(page.getByRole('form', { name: 'Sign in' }).getByLabel('Email')).toHaveValue('')
  })

  test('a wrong password is silent and clears the fields', async ({ page }) => {
    await page.goto('/sign-in')
    await signInViaForm(page, { email: SEEDED.newcomer.email, password: 'not the password' })
    const form = page.getByRole('form', { name: 'Sign in' })
    await expect(form.getByLabel('Email')).toHaveValue('')
    await expect(form.getByLabel('Password', { exact: true })).toHaveValue('')
    await expect(page).toHaveURL(/\/sign-in$/)
  })

  test('the forgot-password panel: invalid email toast, then the confirmation', async ({ page, snap }) => {
    await page.goto('/sign-in')
    await page.getByRole('button', { name: 'Forgot Password?' }).click()
    await expect(page.getByText(T.rememberPassword)).toBeVisible()
    const form = page.getByRole('form', { name: 'Request a password reset' })
    await form.getByLabel('Email').fill('nobody@nowhere')
    await form.getByRole('button', { name: 'Send Reset Link' }).click()
    await expect(page.getByRole('alert').filter({ hasText: T.invalidEmail })).toBeVisible()
    await form.getByLabel('Email').fill('nobody@ludex.test')
    await form.getByRole('button', { name: 'Send Reset Link' }).click()
    await expect(page.getByText(T.resetRequested)).toBeVisible()
    await snap('sign-in-forgot-password')
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page.getByText(T.tagline)).toBeVisible()
  })

  test('onboarding: the modal asks for interests and a user type until completed', async ({ page, snap }) => {
    const user = SEEDED.newcomer
    await signInViaApi(page, user)
    await page.goto('/overview')
    const dialog = page.getByRole('dialog', { name: T.onboardingTitle })
    await expect(dialog).toBeVisible()
    // A click outside does not close it.
    await page.mouse.click(5, 450)
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Complete Registration' }).click()
    await expect(dialog.getByLabel('Interests')).toHaveAttribute('aria-invalid', 'true')
    await expect(dialog.getByLabel('I am a')).toHaveAttribute('aria-invalid', 'true')
    await pickOptions(page, dialog.getByLabel('Interests'), ['Tycoons'])
    await pickOptions(page, dialog.getByLabel('I am a'), ['Student'])
    await snap('onboarding', { fullPage: false })
    await dialog.getByRole('button', { name: 'Complete Registration' }).click()
    await expect(dialog).toHaveCount(0)
    await page.reload()
    await expect(accountButton(page, `${user.firstName} ${user.lastName}`)).toBeVisible()
    await expect(page.getByRole('dialog', { name: T.onboardingTitle })).toHaveCount(0)
  })

  test('account screens redirect: signed-in away from sign-in, no token away from the link pages', async ({
    page,
  }) => {
    for (const path of ['/change-password', '/verify-email']) {
      await page.goto(path)
      await expect(page).toHaveURL(/\/overview$/)
    }
    await page.goto('/verify-email#token=not-a-real-token-but-long-enough')
    await expect(page.getByRole('heading', { name: T.verificationFailed })).toBeVisible()
    await page.goto('/settings')
    await expect(main(page).getByText(T.notLoggedIn)).toBeVisible()

    await signInViaApi(page, SEEDED.newcomer)
    for (const path of ['/sign-in', '/sign-up']) {
      await page.goto(path)
      await expect(page).toHaveURL(/\/overview$/)
    }
  })
})
