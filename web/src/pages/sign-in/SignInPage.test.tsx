import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { GOOGLE_IDENTITY_SCRIPT, type GoogleAccountsId } from '../../account/google-identity.ts'
import { renderPage, TEST_USER } from '../../account/test-render.tsx'
import { api } from '../../api/queries.ts'
import { SignInPage } from './SignInPage.tsx'

const CLIENT_ID = 'ludex-test.apps.example'
const CREDENTIAL = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ0ZXN0In0.c2lnbmF0dXJl'

/** The API as far as the sign-in panel calls it; every call is recorded. */
function fakeApi(google: { client_id: string } | null) {
  const calls: { method: string; path: string; body: unknown }[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input)
    const method = init?.method ?? 'GET'
    calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined })
    if (path === '/api/auth/providers') return Response.json({ google })
    if (path === '/api/auth/google' && method === 'POST') return Response.json(TEST_USER)
    return Response.json({ error: { code: 'not_found', message: path } }, { status: 404 })
  })
  return calls
}

/**
 * Google's Identity Services script is unreachable from this machine (no internet), so a minimal
 * google.accounts.id stands in for what the script defines once loaded: initialize keeps the callback,
 * renderButton draws a button that, clicked, hands the page a credential the way Google's account
 * chooser does.
 */
function installGoogleStandIn() {
  let callback: ((response: { credential: string }) => void) | undefined
  const id = {
    initialize: vi.fn<GoogleAccountsId['initialize']>((config) => {
      callback = config.callback
    }),
    renderButton: vi.fn<GoogleAccountsId['renderButton']>((parent) => {
      const button = document.createElement('button')
      button.type = 'button'
      button.textContent = 'Sign in with Google'
      button.addEventListener('click', () => callback?.({ credential: CREDENTIAL }))
      parent.append(button)
    }),
  }
  window.google = { accounts: { id } }
  return id
}

const googleScripts = () => document.head.querySelectorAll(`script[src="${GOOGLE_IDENTITY_SCRIPT}"]`)

describe('the sign-in panel’s Google button', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    delete window.google
    for (const s of googleScripts()) s.remove()
  })

  it('is absent, and Google’s script never requested, while Google sign-in is not configured', async () => {
    const calls = fakeApi(null)
    const { queryClient } = renderPage('/sign-in', SignInPage, '/sign-in')
    await waitFor(() =>
      expect(queryClient.getQueryData(api.authProviders().queryKey)).toEqual({ google: null }),
    )
    // The answer has rendered before looking for what it would have added.
    await act(async () => {})
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/providers'])
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy()
    expect(screen.queryByText('OR')).toBeNull()
    expect(googleScripts()).toHaveLength(0)
  })

  it('loads Google’s script only when configured and draws the pill button once it has loaded', async () => {
    fakeApi({ client_id: CLIENT_ID })
    renderPage('/sign-in', SignInPage, '/sign-in')
    await screen.findByText('OR')
    // Requested lazily by the panel: one async script tag, and a loading state until it answers.
    await waitFor(() => expect(googleScripts()).toHaveLength(1))
    const script = googleScripts()[0] as HTMLScriptElement
    expect(script.async).toBe(true)
    expect(screen.getByLabelText('Loading Google sign-in')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull()

    const id = installGoogleStandIn()
    script.dispatchEvent(new Event('load'))
    await screen.findByRole('button', { name: 'Sign in with Google' })
    expect(id.initialize).toHaveBeenCalledWith(expect.objectContaining({ client_id: CLIENT_ID }))
    expect(id.renderButton).toHaveBeenCalledWith(
      expect.any(HTMLElement),
      expect.objectContaining({ shape: 'pill', type: 'standard' }),
    )
    await waitFor(() => expect(screen.queryByLabelText('Loading Google sign-in')).toBeNull())
  })

  it('sends the credential, clears what was cached while anonymous and returns to the previous page', async () => {
    const calls = fakeApi({ client_id: CLIENT_ID })
    installGoogleStandIn()
    const { router, queryClient } = renderPage('/sign-in', SignInPage, {
      pathname: '/sign-in',
      state: { from: '/experiences/1818' },
    })
    // A visitor's answer (clamped to 30 days) cached before signing in.
    queryClient.setQueryData(['place', 1818], 'visitor view')

    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/experiences/1818'))
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/auth/google', body: { credential: CREDENTIAL } },
    ])
    expect(queryClient.getQueryData(['place', 1818])).toBeUndefined()
    expect(queryClient.getQueryData(['auth', 'session'])).toEqual(TEST_USER)
  })
})
