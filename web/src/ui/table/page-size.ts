import { DEFAULT_PAGE_SIZE } from '@ludex/schemas'
import { usePreference } from '../../account/preferences.ts'

export const PAGE_SIZES = [10, 20, 50, 100] as const

/**
 * The page size of one table, remembered under the table's id (part 1 §2: saved per table; per user
 * when signed in, in this browser for visitors). Anything stored that is not an offered size reads as 20.
 */
export function usePageSize(tableId: string): [number, (size: number) => void] {
  const [stored, setStored] = usePreference('page_sizes', tableId, DEFAULT_PAGE_SIZE)
  const size = (PAGE_SIZES as readonly number[]).includes(stored) ? stored : DEFAULT_PAGE_SIZE
  return [size, setStored]
}
