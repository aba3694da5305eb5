import { GENRE_DISPLAY_NAMES, GENRE_KEYS, USER_TYPE_DISPLAY_NAMES, USER_TYPES } from '@ludex/schemas'
import { MultiSelect, Select } from '@mantine/core'
import type { FieldError } from './validation.ts'

const INTEREST_OPTIONS = GENRE_KEYS.map((k) => ({ value: k, label: GENRE_DISPLAY_NAMES[k] }))
const USER_TYPE_OPTIONS = USER_TYPES.map((t) => ({ value: t, label: USER_TYPE_DISPLAY_NAMES[t] }))

/** The first selector of sign-up and onboarding: interests, a list of the sixteen genre keys. */
export function InterestsSelect({
  value,
  onChange,
  error,
}: {
  value: string[]
  onChange: (value: string[]) => void
  error: FieldError
}) {
  return (
    <MultiSelect
      label="Interests"
      placeholder={value.length === 0 ? 'Pick the genres you follow' : undefined}
      data={INTEREST_OPTIONS}
      value={value}
      onChange={onChange}
      error={error}
      searchable
      clearable
      hidePickedOptions
      comboboxProps={{ withinPortal: true }}
    />
  )
}

/** The second selector: the one user type that describes the user best. */
export function UserTypeSelect({
  value,
  onChange,
  error,
}: {
  value: string | null
  onChange: (value: string | null) => void
  error: FieldError
}) {
  return (
    <Select
      label="I am a"
      placeholder="Pick what describes you best"
      data={USER_TYPE_OPTIONS}
      value={value}
      onChange={onChange}
      error={error}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  )
}
