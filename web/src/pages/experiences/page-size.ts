import { DEFAULT_PAGE_SIZE } from '@ludex/schemas'
import { useLocalStorage } from '@mantine/hooks'

export const PAGE_SIZES = [10, 20, 50, 100] as const

/**
 * The page size of one table, remembered in this browser under the table's id (part 1 §2: saved per
 * table; per user once accounts exist). Anything stored that is not an offered size reads as 20.
 */
export function usePageSize(tableId: string): [number, (size: number) => void] {
  const [stored, setStored] = useLocalStorage<number>({
    key: `ludex:table:${tableId}:page-size`,
    defaultValue: DEFAULT_PAGE_SIZE,
    getInitialValueInEffect: false,
  })
  const size = (PAGE_SIZES as readonly number[]).includes(stored) ? stored : DEFAULT_PAGE_SIZE
  return [size, setStored]
}
