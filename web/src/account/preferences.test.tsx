import type { SessionUser, UserPreferences } from '@ludex/schemas'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PREFERENCES_QUERY_KEY, SESSION_QUERY_KEY } from '../api/queries.ts'
import { preferenceStorageKey, usePreference } from './preferences.ts'
import { disposePreferences, flushPreferences, PREFERENCES_SAVE_DELAY_MS } from './preferences-save.ts'
import { signOut } from './session-actions.ts'
import { TEST_USER } from './test-render.tsx'

/** A table's page size and a sidebar group, as the app's own components use them. */
function Probe() {
  const [size, setSize] = usePreference('page_sizes', 'experiences', 20)
  const [open, setOpen] = usePreference('groups', 'tools', true)
  return (
    <div>
      <p>size {size}</p>
      <p>tools {open ? 'open' : 'closed'}</p>
      <button type="button" onClick={() => setSize(50)}>
        50 rows
      </button>
      <button type="button" onClick={() => setSize(100)}>
        100 rows
      </button>
      <button type="button" onClick={() => setOpen((o) => !o)}>
        toggle tools
      </button>
    </div>
  )
}

interface Call {
  readonly method: string
  readonly path: string
  readonly body: unknown
}

/** The API as far as these tests need it; every call is recorded. */
function fakeApi(stored: UserPreferences | null, options: { failingGets?: number } = {}) {
  const calls: Call[] = []
  let failingGets = options.failingGets ?? 0
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input)
    const method = init?.method ?? 'GET'
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    calls.push({ method, path, body })
    if (path === '/api/users/me/preferences') {
      if (method === 'PUT') return Response.json(body)
      if (stored && failingGets-- <= 0) return Response.json(stored)
      return Response.json({ error: { code: 'internal', message: 'down' } }, { status: 500 })
    }
    if (path === '/api/auth/logout') return Response.json({ ok: true })
    return Response.json({ error: { code: 'not_found', message: path } }, { status: 404 })
  })
  return calls
}

const clients: QueryClient[] = []
function renderProbe(session: SessionUser | null, doc?: UserPreferences) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  clients.push(queryClient)
  queryClient.setQueryData(SESSION_QUERY_KEY, session)
  if (doc) queryClient.setQueryData(PREFERENCES_QUERY_KEY, doc)
  render(
    <QueryClientProvider client={queryClient}>
      <Probe />
    </QueryClientProvider>,
  )
  return queryClient
}

const DOC: UserPreferences = {
  page_sizes: { experiences: 100, users: 10 },
  tabs: { 'tags.list': 'curated' },
  panels: { 'experience.annotations': true },
  groups: {},
}

afterEach(() => {
  for (const c of clients.splice(0)) disposePreferences(c)
  vi.restoreAllMocks()
  localStorage.clear()
})

describe('usePreference', () => {
  it('keeps a visitor’s choices in this browser’s storage and calls no API', () => {
    const calls = fakeApi(null)
    localStorage.setItem(preferenceStorageKey('page_sizes', 'experiences'), '10')
    renderProbe(null)
    expect(screen.getByText('size 10')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '50 rows' }))
    fireEvent.click(screen.getByRole('button', { name: 'toggle tools' }))
    expect(screen.getByText('size 50')).toBeTruthy()
    expect(screen.getByText('tools closed')).toBeTruthy()
    // The keys the app used before accounts: a visitor's earlier choices still apply.
    expect(localStorage.getItem('ludex:table:experiences:page-size')).toBe('50')
    expect(localStorage.getItem('ludex-nav-group-tools')).toBe('false')
    expect(calls).toEqual([])
  })

  it('hydrates a server-drawn page with the defaults, then shows a visitor’s stored values, no mismatch', async () => {
    fakeApi(null)
    localStorage.setItem(preferenceStorageKey('page_sizes', 'experiences'), '50')
    localStorage.setItem(preferenceStorageKey('groups', 'tools'), 'false')
    const queryClient = new QueryClient()
    clients.push(queryClient)
    queryClient.setQueryData(SESSION_QUERY_KEY, null)
    const tree = (
      <QueryClientProvider client={queryClient}>
        <Probe />
      </QueryClientProvider>
    )
    // The server has no storage: it draws the defaults.
    const container = document.createElement('div')
    container.innerHTML = renderToString(tree)
    expect(container.textContent).toContain('size 20')
    expect(container.textContent).toContain('tools open')
    const differences: unknown[] = []
    let root: Root | undefined
    await act(async () => {
      root = hydrateRoot(container, tree, { onRecoverableError: (error) => differences.push(error) })
    })
    await waitFor(() => expect(container.textContent).toContain('size 50'))
    expect(container.textContent).toContain('tools closed')
    expect(differences).toEqual([])
    act(() => root?.unmount())
  })

  it('keeps two readers of one key in step within the tab', () => {
    fakeApi(null)
    const queryClient = new QueryClient()
    clients.push(queryClient)
    queryClient.setQueryData(SESSION_QUERY_KEY, null)
    render(
      <QueryClientProvider client={queryClient}>
        <Probe />
        <Probe />
      </QueryClientProvider>,
    )
    fireEvent.click(screen.getAllByRole('button', { name: '100 rows' })[0]!)
    expect(screen.getAllByText('size 100')).toHaveLength(2)
  })

  it('reads a signed-in user’s values from the server document, not from this browser', () => {
    fakeApi(DOC)
    localStorage.setItem(preferenceStorageKey('page_sizes', 'experiences'), '10')
    renderProbe(TEST_USER, DOC)
    expect(screen.getByText('size 100')).toBeTruthy()
    // Not in the document: the fallback.
    expect(screen.getByText('tools open')).toBeTruthy()
  })

  it('saves a signed-in user’s changes with one debounced PUT of the whole document', async () => {
    const calls = fakeApi(DOC)
    renderProbe(TEST_USER, DOC)
    fireEvent.click(screen.getByRole('button', { name: '50 rows' }))
    fireEvent.click(screen.getByRole('button', { name: 'toggle tools' }))
    expect(screen.getByText('size 50')).toBeTruthy()
    expect(screen.getByText('tools closed')).toBeTruthy()
    // Debounced: nothing is sent while changes keep coming.
    expect(calls).toEqual([])

    const puts = () => calls.filter((c) => c.method === 'PUT')
    await waitFor(() => expect(puts()).toHaveLength(1), { timeout: PREFERENCES_SAVE_DELAY_MS * 5 })
    expect(puts()[0]).toEqual({
      method: 'PUT',
      path: '/api/users/me/preferences',
      // Every group, the untouched entries included: PUT replaces the stored document.
      body: {
        page_sizes: { experiences: 50, users: 10 },
        tabs: { 'tags.list': 'curated' },
        panels: { 'experience.annotations': true },
        groups: { tools: false },
      },
    })
    // Nothing is left to send.
    await flushPreferences(clients[0]!)
    expect(puts()).toHaveLength(1)
    // The user's choice did not go to this browser's storage (a visitor here keeps their own).
    expect(localStorage.getItem('ludex:table:experiences:page-size')).not.toBe('50')
  })

  it('loads the document when the session started without it', async () => {
    const calls = fakeApi(DOC)
    renderProbe(TEST_USER)
    await screen.findByText('size 100')
    expect(calls).toEqual([{ method: 'GET', path: '/api/users/me/preferences', body: undefined }])
    fireEvent.click(screen.getByRole('button', { name: '50 rows' }))
    await waitFor(() => expect(calls).toHaveLength(2), { timeout: PREFERENCES_SAVE_DELAY_MS * 5 })
    expect(calls[1]).toEqual({
      method: 'PUT',
      path: '/api/users/me/preferences',
      body: { ...DOC, page_sizes: { experiences: 50, users: 10 } },
    })
  })

  it('never saves over a document it could not load: a change loads it first', async () => {
    const calls = fakeApi(DOC, { failingGets: 1 })
    const queryClient = renderProbe(TEST_USER)
    await waitFor(() => expect(calls).toHaveLength(1))
    // The start-up load failed: defaults show, and nothing is retried on its own.
    expect(screen.getByText('size 20')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '50 rows' }))
    await screen.findByText('size 50')
    await act(() => flushPreferences(queryClient))
    expect(calls.map((c) => c.method)).toEqual(['GET', 'GET', 'PUT'])
    expect(calls[2]?.body).toEqual({ ...DOC, page_sizes: { experiences: 50, users: 10 } })
  })

  it('sends a pending change before signing out', async () => {
    const calls = fakeApi(DOC)
    const queryClient = renderProbe(TEST_USER, DOC)
    fireEvent.click(screen.getByRole('button', { name: '100 rows' }))
    fireEvent.click(screen.getByRole('button', { name: '50 rows' }))
    await act(() => signOut(queryClient))
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'PUT /api/users/me/preferences',
      'POST /api/auth/logout',
    ])
    expect(calls[0]?.body).toMatchObject({ page_sizes: { experiences: 50 } })
    // Signed out: the user's document is gone from the cache, the visitor's storage applies again.
    expect(queryClient.getQueryData(PREFERENCES_QUERY_KEY)).toBeUndefined()
    await screen.findByText('size 20')
  })
})
