import type { RankedExperience } from '@ludex/schemas'
import { useEffect, useState } from 'react'
import { useExperienceLookup } from '../api/experience-lookup.ts'
import type { AddRow } from '../tags/add-rows.ts'
import { rowFor } from './Pickers.tsx'

const EMPTY: AddRow = { text: '', chosen: null }

/**
 * The pickers' draft: the address's experiences, padded with empty rows to `minRows`, and those
 * experiences by place id (their lookup). It follows the address (a shared link, the back button) and
 * fills in the names once the lookup answers, in the rows not edited meanwhile; edits stay a draft until
 * Compare writes them to the address.
 */
export function useExperienceDraft(selection: readonly number[], minRows: number) {
  const { byId, pending } = useExperienceLookup(selection)
  const key = selection.join(',')
  const fromAddress = () => {
    const rows = selection.map((id) => rowFor(id, byId))
    while (rows.length < minRows) rows.push(EMPTY)
    return rows
  }
  const [rows, setRows] = useState<AddRow[]>(fromAddress)
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for the address
  useEffect(() => setRows(fromAddress()), [key])
  // biome-ignore lint/correctness/useExhaustiveDependencies: the lookup's answer is the trigger
  useEffect(() => {
    if (pending) return
    setRows((current) =>
      current.map((row, i) => {
        const id = selection[i]
        // A row still showing the address's bare id gets its experience's name.
        return id !== undefined && row.chosen === null && row.text === String(id) ? rowFor(id, byId) : row
      }),
    )
  }, [pending, byId])
  return [rows, setRows, byId as ReadonlyMap<number, RankedExperience>] as const
}
