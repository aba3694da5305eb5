import { isDatabaseId, parseIdList, reduceGameUrlToId, TAG_ADD_DIALOG_ROWS } from '@ludex/schemas'

/*
 * The rules of the add-experiences dialog and Bulk Add (part 2 §5, §9): up to 5 rows, each an experience
 * chosen from suggestions or a typed numeric id; suggestions from 3 characters (the server's search, at
 * most 9: search/experience-search.ts); one exact match is taken on blur (search/match.ts); a pasted
 * game link is reduced to its id.
 */

/** One row of the dialog: what the box shows, and the experience chosen in it (null: none). */
export interface AddRow {
  readonly text: string
  readonly chosen: number | null
}

export const EMPTY_ROW: AddRow = { text: '', chosen: null }

/** The dialog's starting rows: one, more added up to TAG_ADD_DIALOG_ROWS. */
export function initialRows(): AddRow[] {
  return [EMPTY_ROW]
}

export function canAddRow(rows: readonly AddRow[]): boolean {
  return rows.length < TAG_ADD_DIALOG_ROWS
}

/** What a row's box keeps of typed or pasted text: a game link becomes its place id. */
export function cleanRowText(text: string): string {
  return reduceGameUrlToId(text)
}

/**
 * What a row's box shows after typing or pasting: a pasted game link becomes its place id; other text
 * stays as typed (spaces between words included), and is cleaned where it is read.
 */
export function rowTextOnInput(text: string): string {
  const reduced = cleanRowText(text)
  return /^\d+$/.test(reduced) && reduced !== text.trim() ? reduced : text
}

/**
 * The place id a row adds: the chosen experience, else its text when that is a database id (an
 * experience Ludex may not track yet: it is tracked from then on); anything else is dropped.
 */
export function rowPlaceId(row: AddRow): number | null {
  if (row.chosen !== null) return row.chosen
  const text = cleanRowText(row.text)
  return isDatabaseId(text) ? Number(text) : null
}

/** The distinct place ids of the rows, in row order; the dialog submits when there is one at least. */
export function rowsPlaceIds(rows: readonly AddRow[]): number[] {
  const ids: number[] = []
  for (const row of rows) {
    const id = rowPlaceId(row)
    if (id !== null && !ids.includes(id)) ids.push(id)
  }
  return ids
}

/** Bulk Add's box: the ids, and whether Add is allowed (some ids and no bad entry: 'format is not valid'). */
export function parseBulk(text: string): { ids: number[]; invalid: string[]; canAdd: boolean } {
  const { ids, invalid } = parseIdList(text)
  return { ids, invalid, canAdd: ids.length > 0 && invalid.length === 0 }
}
