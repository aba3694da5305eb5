import { EXPERIENCE_LIST_SORTS, type ExperienceListSort } from '@ludex/schemas'
import type { SortingState } from '@tanstack/react-table'
import type { ExperienceListRequest } from '../../api/queries.ts'

export const EXPERIENCES_TABLE_ID = 'experiences'

const isSort = (id: string): id is ExperienceListSort =>
  (EXPERIENCE_LIST_SORTS as readonly string[]).includes(id)

/**
 * The list call of a view of the table: its page and page size, its column's order (by rank when no
 * header is chosen: the list's own order), the settled search text and the tag.
 */
export function listRequest(
  view: { readonly sorting: SortingState; readonly pageIndex: number; readonly pageSize: number },
  search: string,
  tagId: number | null,
): ExperienceListRequest {
  const column = view.sorting[0]
  const sort = column && isSort(column.id) ? column.id : 'rank'
  return {
    page: view.pageIndex + 1,
    pageSize: view.pageSize,
    sort,
    order: column && sort === column.id ? (column.desc ? 'desc' : 'asc') : 'asc',
    search,
    tagId,
  }
}
