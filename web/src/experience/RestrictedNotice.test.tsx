import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { formatDate } from './format.ts'
import { RestrictedNotice } from './RestrictedNotice.tsx'

const renderNotice = (restricted_since: string | null) =>
  render(
    <MantineProvider>
      <RestrictedNotice experience={{ restricted_since }} />
    </MantineProvider>,
  )

describe('the restricted notice', () => {
  it('says since when and what it means while the experience is restricted', () => {
    renderNotice('2026-11-18T12:00:00.000Z')
    const notice = screen.getByRole('status')
    expect(notice.textContent).toContain('Restricted on Roblox')
    expect(notice.textContent).toContain(`Since ${formatDate('2026-11-18T12:00:00.000Z')},`)
    expect(notice.textContent).toContain('left out of the platform totals')
  })

  it('is absent otherwise', () => {
    renderNotice(null)
    expect(screen.queryByRole('status')).toBeNull()
    expect(screen.queryByText('Restricted on Roblox')).toBeNull()
  })
})
