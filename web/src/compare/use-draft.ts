import type { SlimExperience } from '@ludex/schemas'
import { useEffect, useMemo, useState } from 'react'
import type { AddRow } from '../tags/add-rows.ts'
import { rowFor } from './Pickers.tsx'

const EMPTY: AddRow = { text: '', chosen: null }

/**
 * The pickers' draft: the address's experiences, padded with empty rows to `minRows`. It follows the
 * address (a shared link, the back button) and fills in names once the shell's list is there; edits
 * stay a draft until Compare writes them to the address.
 */
export function useExperienceDraft(
  selection: readonly number[],
  experiences: readonly SlimExperience[] | undefined,
  minRows: number,
) {
  const byId = useMemo(() => new Map((experiences ?? []).map((e) => [e.place_id, e])), [experiences])
  const key = selection.join(',')
  const loaded = experiences !== undefined
  const fromAddress = () => {
    const rows = selection.map((id) => rowFor(id, byId))
    while (rows.length < minRows) rows.push(EMPTY)
    return rows
  }
  const [rows, setRows] = useState<AddRow[]>(fromAddress)
  // biome-ignore lint/correctness/useExhaustiveDependencies: key and loaded stand for the address and the list
  useEffect(() => setRows(fromAddress()), [key, loaded])
  return [rows, setRows] as const
}
