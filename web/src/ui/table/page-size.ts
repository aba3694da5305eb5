import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type UserPreferences } from '@ludex/schemas'
import type { QueryClient } from '@tanstack/react-query'
import { usePreference } from '../../account/preferences.ts'
import { PREFERENCES_QUERY_KEY } from '../../api/queries.ts'

/** A remembered page size as a table takes it: anything that is not an offered size reads as 20. */
export function pageSizeOf(stored: unknown): number {
  return typeof stored === 'number' && (PAGE_SIZES as readonly number[]).includes(stored)
    ? stored
    : DEFAULT_PAGE_SIZE
}

/**
 * The page size of one table, remembered under the table's id (part 1 §2: saved per table; per user
 * when signed in, in this browser for visitors). Anything stored that is not an offered size reads as 20.
 */
export function usePageSize(tableId: string): [number, (size: number) => void] {
  const [stored, setStored] = usePreference('page_sizes', tableId, DEFAULT_PAGE_SIZE)
  return [pageSizeOf(stored), setStored]
}

/**
 * The signed-in user's page size of a table as their loaded preferences hold it, for a loader that asks
 * for a table's first page (a server render draws it so); a visitor's is in the browser's storage,
 * which the page reads once drawn, so a loader uses the default for visitors.
 */
export function loadedPageSize(queryClient: QueryClient, tableId: string): number {
  return pageSizeOf(queryClient.getQueryData<UserPreferences>(PREFERENCES_QUERY_KEY)?.page_sizes[tableId])
}
