import type { EventMarker } from '@ludex/schemas'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { api } from '../api/queries.ts'
import { defaultThumbnail } from '../thumbnails/urls.ts'
import { THUMBNAIL_CHANGES_ID } from './annotations.ts'
import { ThumbnailChangesCard } from './ThumbnailChangesCard.tsx'

const PLACE = 7
const marker = (time: string, thumbnails: EventMarker['thumbnails']): EventMarker => ({
  kind: 'thumbnailChange',
  time,
  text: 'replaced',
  category_id: null,
  thumbnails,
})

function renderCard(markers: readonly EventMarker[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  queryClient.setQueryData(api.markers(PLACE).queryKey, [...markers])
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <ThumbnailChangesCard placeId={PLACE} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  )
}

describe('the Thumbnail Changes card', () => {
  it('shows each image replaced, newest first, before and after, each opening the image', () => {
    const { container } = renderCard([
      {
        kind: 'ccuSpike',
        time: '2026-11-01T10:00:00.000Z',
        text: 'spike',
        category_id: null,
        thumbnails: [],
      },
      marker('2026-11-02T09:00:00.000Z', [{ type: 'Icon', from: 'default', to: 'i2' }]),
      marker('2026-11-09T13:00:00.000Z', [
        { type: 'Icon', from: 'i2', to: 'i3' },
        { type: 'Banner', from: 'b1', to: 'b2' },
      ]),
    ])
    // the evidence the markers link to
    expect(container.querySelector(`section#${THUMBNAIL_CHANGES_ID}`)).not.toBeNull()
    const card = screen.getByRole('region', { name: 'Thumbnail Changes' })
    const rows = within(card).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Icon',
      'Banner',
      'Icon',
    ])
    expect(rows[0]?.textContent).toContain('Nov 9, 2026, 13:00')
    const before = within(rows[1] as HTMLElement).getByRole('img', { name: /^Banner before Nov 9, 2026/ })
    expect(before.getAttribute('src')).toContain('180DAY-b1/')
    expect(before.closest('a')?.getAttribute('href')).toContain('180DAY-b1/768/432/')
    const after = within(rows[1] as HTMLElement).getByRole('img', { name: /^Banner from Nov 9, 2026/ })
    expect(after.closest('a')?.getAttribute('target')).toBe('_blank')
    expect(after.getAttribute('src')).toContain('180DAY-b2/')
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('img', { name: /^Icon from/ })
        .closest('a')?.href,
    ).toContain('180DAY-i3/512/512/')
    // no image before: said so, nothing to open
    expect(rows[2]?.textContent).toContain('No image')
    expect(container.innerHTML).not.toContain(defaultThumbnail(PLACE))
  })

  it('says No Data without a change', () => {
    renderCard([])
    expect(
      within(screen.getByRole('region', { name: 'Thumbnail Changes' })).getByText('No Data'),
    ).toBeTruthy()
  })
})
