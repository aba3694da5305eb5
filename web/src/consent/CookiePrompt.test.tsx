import { MantineProvider } from '@mantine/core'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import {
  createMemoryRouter,
  createStaticHandler,
  createStaticRouter,
  RouterProvider,
  StaticRouterProvider,
} from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { COOKIE_PREFERENCES_NAME, type CookiePreferences } from '../account/cookie-preferences.ts'
import { CookiePrompt } from './CookiePrompt.tsx'
import { ConsentContext, type ConsentStore, createConsentStore } from './consent.ts'
import { PROMPT_TEXT } from './texts.ts'

const stored = (st: boolean) => `${COOKIE_PREFERENCES_NAME}=${encodeURIComponent(JSON.stringify({ st }))}`

function withPrompt(store: ConsentStore) {
  const router = createMemoryRouter([{ path: '*', Component: CookiePrompt }], {
    initialEntries: ['/overview'],
  })
  return (
    <MantineProvider>
      <ConsentContext.Provider value={store}>
        <RouterProvider router={router} />
      </ConsentContext.Provider>
    </MantineProvider>
  )
}

function openPrompt(cookie = '') {
  const saved: CookiePreferences[] = []
  const store = createConsentStore(cookie, (p) => saved.push(p))
  render(withPrompt(store))
  return { store, saved }
}

/** A switch's name is its label then its description. */
const startsWith = (label: string) => (name: string) => name.startsWith(label)
const prompt = () => screen.queryByRole('region', { name: PROMPT_TEXT.title })

afterEach(cleanup)

describe('the cookie prompt', () => {
  it('shows until a choice is stored; Allow All stores analytics allowed and settles it', () => {
    const { store, saved } = openPrompt('other=1')
    expect(prompt()).not.toBeNull()
    expect(screen.queryByRole('switch', { name: startsWith(PROMPT_TEXT.analytics) })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: PROMPT_TEXT.allowAll }))
    expect(saved).toEqual([{ st: true }])
    expect(store.state()).toMatchObject({ stored: true, prefs: { st: true } })
    expect(prompt()).toBeNull()
  })

  it('customizes: Necessary is on and cannot be turned off, Analytics can, and the choice is saved', () => {
    const { saved } = openPrompt()
    fireEvent.click(screen.getByRole('button', { name: PROMPT_TEXT.customize }))
    const necessary = screen.getByRole('switch', {
      name: startsWith(PROMPT_TEXT.necessary),
    }) as HTMLInputElement
    const analytics = screen.getByRole('switch', {
      name: startsWith(PROMPT_TEXT.analytics),
    }) as HTMLInputElement
    expect(necessary.checked).toBe(true)
    expect(necessary.disabled).toBe(true)
    // The keyboard lands on the first setting that can change.
    expect(document.activeElement).toBe(analytics)
    fireEvent.click(necessary)
    expect(necessary.checked).toBe(true)
    fireEvent.click(analytics)
    fireEvent.click(screen.getByRole('button', { name: PROMPT_TEXT.save }))
    expect(saved).toEqual([{ st: false }])
    expect(prompt()).toBeNull()
  })

  it('stays away when a readable choice is stored, and comes back at its settings when reopened', () => {
    const { store } = openPrompt(stored(false))
    expect(prompt()).toBeNull()
    act(() => store.reopen())
    const analytics = screen.getByRole('switch', {
      name: startsWith(PROMPT_TEXT.analytics),
    }) as HTMLInputElement
    expect(analytics.checked).toBe(false)
  })

  it('asks again when the stored choice is unreadable', () => {
    openPrompt(`${COOKIE_PREFERENCES_NAME}=garbage`)
    expect(prompt()).not.toBeNull()
  })

  it('is drawn by the server from the request’s cookie and hydrates as drawn', async () => {
    for (const cookie of ['', stored(true)]) {
      const handler = createStaticHandler([{ path: '*', Component: CookiePrompt }])
      const context = await handler.query(new Request('http://localhost/overview'))
      if (context instanceof Response) throw new Error('no context')
      const html = renderToString(
        <MantineProvider>
          <ConsentContext.Provider value={createConsentStore(cookie, () => {})}>
            <StaticRouterProvider
              router={createStaticRouter(handler.dataRoutes, context)}
              context={context}
            />
          </ConsentContext.Provider>
        </MantineProvider>,
      )
      expect(html.includes(PROMPT_TEXT.allowAll), cookie || 'no cookie').toBe(cookie === '')
      const container = document.createElement('div')
      container.innerHTML = html
      document.body.appendChild(container)
      const differences: unknown[] = []
      let root: Root | undefined
      await act(async () => {
        root = hydrateRoot(container, withPrompt(createConsentStore(cookie, () => {})), {
          onRecoverableError: (error) => differences.push(error),
        })
      })
      expect(differences, cookie || 'no cookie').toEqual([])
      act(() => root?.unmount())
      container.remove()
    }
  })
})
