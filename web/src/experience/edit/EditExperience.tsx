import type { Experience } from '@ludex/schemas'
import { Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { modals } from '@mantine/modals'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { canUseTools, hasPermission, type Viewer } from '../../shell/viewer.ts'
import { isSetDate } from '../format.ts'
import { type ExperienceEdit, saveExperienceEdit } from './save.ts'

/** Who may edit the canonical name: permission EDIT_PLACE (part 1 §6). */
export function mayEditCanonicalName(viewer: Viewer): boolean {
  return hasPermission(viewer, 'EDIT_PLACE')
}

/** Who may set the release date: editors and admins (part 1 §2, §6). */
export function mayEditReleaseDate(viewer: Viewer): boolean {
  return canUseTools(viewer)
}

export const EDIT_CANONICAL_NAME = 'Edit Canonical Name'
export const EDIT_RELEASE_DATE = 'Edit Release Date'

/** The release date as a date input holds it: YYYY-MM-DD, or empty when unset. */
export function releaseInputValue(released: string): string {
  return isSetDate(released) ? new Date(released).toISOString().slice(0, 10) : ''
}

/** What a canonical name edit sends, or null when nothing changed (part 1 §5: saved only if changed). */
export function canonicalNameEdit(experience: Experience, typed: string): ExperienceEdit | null {
  const wanted = typed.trim()
  // Empty resets to the platform's name: no change when it is the name already.
  const next = wanted === '' ? experience.name : wanted
  return next === experience.canonical_name ? null : { canonical_name: wanted }
}

/** What a release date edit sends, or null when the date is the one shown. */
export function releaseDateEdit(experience: Experience, typed: string): ExperienceEdit | null {
  return typed.trim() === releaseInputValue(experience.released) ? null : { released: typed.trim() }
}

function EditForm({
  experience,
  label,
  description,
  type,
  initial,
  edit,
  onDone,
}: {
  experience: Experience
  label: string
  description: string
  type: 'text' | 'date'
  initial: string
  edit: (experience: Experience, typed: string) => ExperienceEdit | null
  onDone: () => void
}) {
  const queryClient = useQueryClient()
  const [value, setValue] = useState(initial)
  const [saving, setSaving] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const change = edit(experience, value)
    if (change) {
      setSaving(true)
      await saveExperienceEdit(queryClient, experience, change)
    }
    onDone()
  }
  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <TextInput
          label={label}
          description={description}
          type={type}
          value={value}
          maxLength={type === 'text' ? 200 : undefined}
          onChange={(e) => setValue(e.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** Opens the canonical name editor (one modal at a time). */
export function openCanonicalNameEditor(experience: Experience): void {
  modals.closeAll()
  const id = modals.open({
    title: EDIT_CANONICAL_NAME,
    centered: true,
    children: (
      <EditForm
        experience={experience}
        label="Canonical name"
        description={`Leave it empty to use the platform's name: ${experience.name}`}
        type="text"
        initial={experience.canonical_name}
        edit={canonicalNameEdit}
        onDone={() => modals.close(id)}
      />
    ),
  })
}

/** Opens the release date editor; an empty date saves the release date as unset. */
export function openReleaseDateEditor(experience: Experience): void {
  modals.closeAll()
  const id = modals.open({
    title: EDIT_RELEASE_DATE,
    centered: true,
    children: (
      <EditForm
        experience={experience}
        label="Release date"
        description="UTC. Clear it to mark the release date as unknown."
        type="date"
        initial={releaseInputValue(experience.released)}
        edit={releaseDateEdit}
        onDone={() => modals.close(id)}
      />
    ),
  })
}

/** What the info panel shows of the canonical name when it is the platform's name. */
export function CanonicalNameHint({ experience }: { experience: Experience }) {
  if (experience.canonical_name === experience.name) return null
  return (
    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      Canonical name: {experience.canonical_name}
    </Text>
  )
}
