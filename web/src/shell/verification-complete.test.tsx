import { MantineProvider } from '@mantine/core'
import { Notifications, notifications } from '@mantine/notifications'
import { render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { EMAIL_VERIFIED_TOAST, useVerificationCompleteToast } from './verification-complete.ts'

function Page() {
  useVerificationCompleteToast()
  return <p>page</p>
}

function renderAt(entry: string) {
  const router = createMemoryRouter([{ path: '*', Component: Page }], { initialEntries: [entry] })
  render(
    <MantineProvider>
      <Notifications />
      <RouterProvider router={router} />
    </MantineProvider>,
  )
  return router
}

describe('the start-up verification confirmation', () => {
  // Mantine keeps shown notifications in a module-level store.
  afterEach(() => notifications.clean())

  it('shows once for #verification_complete and leaves the other keys in the address', async () => {
    const router = renderAt('/overview#verification_complete&tab=ccu')
    expect(await screen.findByText(EMAIL_VERIFIED_TOAST)).toBeTruthy()
    await waitFor(() => expect(router.state.location.hash).toBe('#tab=ccu'))
    expect(screen.getAllByText(EMAIL_VERIFIED_TOAST)).toHaveLength(1)
  })

  it('stays silent without the key', async () => {
    const router = renderAt('/overview#tab=ccu')
    await screen.findByText('page')
    expect(screen.queryByText(EMAIL_VERIFIED_TOAST)).toBeNull()
    expect(router.state.location.hash).toBe('#tab=ccu')
  })
})
