import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen } from '@testing-library/react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ONBOARDING_TITLE } from '../account/OnboardingModal.tsx'
import { TEST_USER } from '../account/test-render.tsx'
import { SESSION_QUERY_KEY } from '../api/queries.ts'
import { ConsentContext, createConsentStore } from '../consent/consent.ts'
import { OnboardingGate } from './OnboardingGate.tsx'

describe('OnboardingGate', () => {
  it('draws nothing on the server and opens the modal once hydrated, with no boundary to redraw', async () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(SESSION_QUERY_KEY, { ...TEST_USER, needs_onboarding: true })
    const tree = (
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <p>page</p>
          <OnboardingGate />
        </QueryClientProvider>
      </MantineProvider>
    )
    const container = document.createElement('div')
    document.body.appendChild(container)
    const html = renderToString(tree)
    // No Suspense boundary the server gave up on (its '<!--$!-->' marker): nothing lazy was met.
    expect(html).not.toContain('<!--$')
    container.innerHTML = html
    const differences: unknown[] = []
    let root: Root | undefined
    await act(async () => {
      root = hydrateRoot(container, tree, { onRecoverableError: (error) => differences.push(error) })
    })
    expect(await screen.findByText(ONBOARDING_TITLE)).toBeTruthy()
    expect(differences).toEqual([])
    act(() => root?.unmount())
    container.remove()
  })
})

describe('OnboardingGate and the cookie prompt', () => {
  it('waits while the cookie prompt shows and opens once it is settled', async () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(SESSION_QUERY_KEY, { ...TEST_USER, needs_onboarding: true })
    const consent = createConsentStore('', () => {})
    render(
      <MantineProvider>
        <ConsentContext.Provider value={consent}>
          <QueryClientProvider client={queryClient}>
            <OnboardingGate />
          </QueryClientProvider>
        </ConsentContext.Provider>
      </MantineProvider>,
    )
    // Mounted, signed in, needing onboarding: only the prompt holds it back.
    await act(async () => {})
    expect(screen.queryByText(ONBOARDING_TITLE)).toBeNull()
    act(() => consent.save({ st: true }))
    expect(await screen.findByText(ONBOARDING_TITLE)).toBeTruthy()
    cleanup()
  })
})
