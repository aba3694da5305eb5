import { ROLE_PERMISSIONS, type Role, type SessionUser } from '@ludex/schemas'
import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TEST_USER } from '../account/test-render.tsx'
import { SESSION_QUERY_KEY } from '../api/queries.ts'
import { experienceApi } from '../api/test-experience-api.ts'
import { createRoutes, SHELL_ROUTE_ID } from '../app/router.tsx'
import { RouteError } from '../shell/RouteError.tsx'
import { NO_LIBRARY_TITLE } from './code-library/CodeLibraryPage.tsx'
import { DEEP_LINK_COPIED, INVALID_JSON } from './deep-link/deep-link.ts'

/** The built staff tools, as the app's router has them. */
const TOOL_PATHS = ['robux', 'deep-link', 'code-library']

function toolRoutes(queryClient: QueryClient): RouteObject[] {
  const shell = createRoutes(queryClient, { loadShellData: async () => undefined }).find(
    (r) => r.id === SHELL_ROUTE_ID,
  )
  const pages = shell?.children?.flatMap((group) => group.children ?? []) ?? []
  return pages.filter((r) => TOOL_PATHS.includes(r.path ?? ''))
}

function Elsewhere() {
  return <p>elsewhere {useLocation().pathname}</p>
}

const userWith = (role: Role): SessionUser => ({
  ...TEST_USER,
  role,
  actual_role: role,
  permissions: [...ROLE_PERMISSIONS[role]],
})

const RATES = {
  base: 'USD',
  updated: '2026-11-18T00:00:02.000Z',
  expires: '2099-11-19T00:00:02.000Z',
  rates: { EUR: 0.9, SEK: 10.5 },
}
const SLIM = [
  {
    universe_id: 11,
    place_id: 1818,
    name: 'Crossroads',
    canonical_name: 'Crossroads',
    players_online: 120,
    total_visits: 5000,
    like_percentage: 0.9,
    creator_id: 1,
    genre_l1: 'obby',
    genre_l2: 'Classic Obby',
    genre: 'obby' as const,
  },
]

let answers: Record<string, () => Response>
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
let copied: string[]

beforeEach(() => {
  copied = []
  answers = {
    '/api/exchange-rates': () => json(RATES),
    '/api/code-library': () => json({ url: null }),
  }
  // The deep link's experience picker searches and looks up experiences: the API's, a double over SLIM.
  const experiences = experienceApi(SLIM)
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async (input: string) =>
        experiences(input) ??
        (answers[input] ?? (() => json({ error: { code: 'x', message: 'no' } }, 404)))(),
    ),
  )
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (text: string) => void copied.push(text) },
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

function open(path: string, session: SessionUser | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  queryClient.setQueryData(SESSION_QUERY_KEY, session)
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteError />,
        children: [...toolRoutes(queryClient), { path: '*', Component: Elsewhere }],
      },
    ],
    { initialEntries: [path] },
  )
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  )
  return { router, queryClient }
}

describe('who may open the staff tools', () => {
  it.each<[string, SessionUser | null]>([
    ['/robux', null],
    ['/robux', TEST_USER],
    ['/deep-link', null],
    ['/deep-link', TEST_USER],
    ['/code-library', null],
    ['/code-library', TEST_USER],
  ])('%s sends %o to /', async (path, session) => {
    const { router } = open(path, session)
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull()
  })

  it.each<[string, string]>([
    ['/robux', 'Robux Converter'],
    ['/deep-link', 'Roblox-style Deep Link'],
    ['/code-library', 'Code Library'],
  ])('%s opens for editors and admins and asks not to be indexed', async (path, title) => {
    for (const role of ['editor', 'admin'] as const) {
      open(path, userWith(role))
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy()
      await waitFor(() => expect(document.title).toBe(`${title} | Ludex`))
      expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
        'noindex, nofollow',
      )
      act(() => screen.getByRole('heading', { level: 1 }).ownerDocument.body.replaceChildren())
    }
  })

  it('sends a viewer who loses the staff role while on a tool away', async () => {
    const { router, queryClient } = open('/deep-link', userWith('admin'))
    await screen.findByRole('heading', { level: 1, name: 'Roblox-style Deep Link' })
    act(() => queryClient.setQueryData(SESSION_QUERY_KEY, { ...userWith('viewer'), actual_role: 'admin' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })
})

describe('the Robux converter', () => {
  const rowOf = (period: string) => {
    const table = screen.getByRole('table')
    return within(table).getByRole('rowheader', { name: period }).closest('tr') as HTMLElement
  }

  it('converts 1000 Robux a day at 0.0035, over the periods, with DevEx, EUR and SEK', async () => {
    open('/robux', userWith('editor'))
    await screen.findByRole('columnheader', { name: 'EUR' })
    expect(
      within(rowOf('1 Day'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1,000', '$3.5000', '$3.8000', '€3.1500', 'SEK\u00a036.75'])
    expect(within(rowOf('1 Month')).getAllByRole('cell')[0]?.textContent).toBe('30,500')
    expect(within(rowOf('1 Year')).getAllByRole('cell')[1]?.textContent).toBe('$1,277.50')
    expect((screen.getByLabelText('USD') as HTMLInputElement).value).toBe('$3.5')
  })

  it('converts USD back at 285.7142857 Robux per USD, rounded', async () => {
    open('/robux', userWith('admin'))
    const usd = await screen.findByLabelText('USD')
    fireEvent.change(usd, { target: { value: '10' } })
    await waitFor(() => expect((screen.getByLabelText('Robux') as HTMLInputElement).value).toBe('2,857'))
    expect(within(rowOf('1 Week')).getAllByRole('cell')[0]?.textContent).toBe('19,999')
  })

  it('shows USD only, saying why, when the rates cannot be had', async () => {
    answers['/api/exchange-rates'] = () =>
      json(
        {
          error: {
            code: 'upstream_unavailable',
            message: 'The exchange-rate provider answered with status 503',
          },
        },
        502,
      )
    open('/robux', userWith('editor'))
    expect(
      await screen.findByText(
        'Exchange rates are unavailable (The exchange-rate provider answered with status 503), so amounts are shown in USD only.',
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('columnheader', { name: 'EUR' })).toBeNull()
    expect(within(rowOf('1 Day')).getAllByRole('cell')).toHaveLength(3)
  })

  it('states the DevEx rate beside the spec’s and cites it', async () => {
    open('/robux', userWith('editor'))
    expect(
      await screen.findByText(/^Developer Exchange: 0\.0038 USD per Robux earned since September 5, 2025\.$/),
    ).toBeTruthy()
    expect(screen.getByText(/one balance can span both rates/)).toBeTruthy()
    expect(
      screen.getByRole('link', { name: 'Developer Exchange Help and Info Page' }).getAttribute('href'),
    ).toBe('https://en.help.roblox.com/hc/en-us/articles/13061189551124')
  })
})

describe('the deep link', () => {
  it('copies both forms for a typed place id, and invalid JSON as typed under its inline error', async () => {
    open('/deep-link', userWith('editor'))
    const web = await screen.findByRole('button', { name: 'Copy Web Link' })
    expect((web as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(screen.getByLabelText('Experience'), { target: { value: '6900305353' } })
    fireEvent.change(screen.getByLabelText('Launch data'), { target: { value: '{"roomId": 2' } })
    expect(await screen.findByText(INVALID_JSON)).toBeTruthy()
    expect((web as HTMLButtonElement).disabled).toBe(false)
    fireEvent.click(web)
    fireEvent.click(screen.getByRole('button', { name: 'Copy App Link' }))
    await waitFor(() => expect(copied).toHaveLength(2))
    expect(copied).toEqual([
      'https://www.roblox.com/games/start?placeId=6900305353&launchData=%7B%22roomId%22%3A%202',
      'roblox://placeId=6900305353&launchData=%7B%22roomId%22%3A%202',
    ])
    expect(await screen.findAllByText(DEEP_LINK_COPIED)).not.toHaveLength(0)
  })

  it('flags launch data over 200 bytes', async () => {
    open('/deep-link', userWith('editor'))
    fireEvent.change(await screen.findByLabelText('Launch data'), {
      target: { value: JSON.stringify({ k: 'x'.repeat(200) }) },
    })
    expect(await screen.findByText(/Roblox does not accept launch data over 200 bytes/)).toBeTruthy()
    expect(screen.getByText(/^208 of 200 bytes/)).toBeTruthy()
  })
})

describe('the code library', () => {
  it('says clearly when none is set up', async () => {
    open('/code-library', userWith('editor'))
    expect(await screen.findByRole('heading', { name: NO_LIBRARY_TITLE })).toBeTruthy()
    expect(document.querySelector('iframe')).toBeNull()
  })

  it('frames the configured page, with a spinner until it has loaded', async () => {
    answers['/api/code-library'] = () => json({ url: 'https://library.example.com/snippets/' })
    open('/code-library', userWith('admin'))
    const frame = (await screen.findByTitle('Code library')) as HTMLIFrameElement
    expect(frame.getAttribute('src')).toBe('https://library.example.com/snippets/')
    const box = frame.parentElement as HTMLElement
    expect(box.getAttribute('aria-busy')).toBe('true')
    fireEvent.load(frame)
    await waitFor(() => expect(box.getAttribute('aria-busy')).toBe('false'))
  })
})
