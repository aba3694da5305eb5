import {
  CREDENTIAL_NAME_IN_USE,
  CREDENTIAL_NAME_MAX_LENGTH,
  type GameCredential,
  LIST_SEARCH_DEBOUNCE_MS,
} from '@ludex/schemas'
import { Autocomplete, Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useMemo, useState } from 'react'
import { ApiRequestError, apiSend } from '../../api/client.ts'
import { api } from '../../api/queries.ts'
import { useExperienceSuggestions } from '../../search/experience-search.ts'
import { toast } from '../../ui/toasts.ts'
import { credentialNameProblem, typedPlaceId } from './rules.ts'
import { CREDENTIAL_TOASTS } from './texts.ts'

/** What the experience field names: a place id, and the experience's name when Ludex knows it. */
type Resolved =
  | { state: 'none' }
  | { state: 'known'; placeId: number; name: string }
  | { state: 'looking'; placeId: number }
  | { state: 'untracked'; placeId: number }

/**
 * The create form (part 2 §2.10, §5): an experience picked from the search suggestions (the server's,
 * 300 ms after the last keystroke) or a typed numeric id (or a pasted game link), and a name. A typed
 * id that is not among the suggestions is looked up (GET /api/place/{id}) and its name prefilled;
 * Create needs an id and a name that no other credential has, however cased ('name already in use').
 */
export function CreateCredentialForm({ credentials }: { credentials: readonly GameCredential[] }) {
  const queryClient = useQueryClient()
  const [experienceText, setExperienceText] = useState('')
  // The name as typed, or null until the user types one: then the experience's name is shown (and
  // replaced when another experience is chosen).
  const [typedName, setTypedName] = useState<string | null>(null)
  // What the field showed when it took focus, kept while it has it: the user is about to type, and a
  // lookup answering then must not replace (or be joined to) what they type. Derived in the render, not
  // set by an effect: an effect runs after its commit, so a focus and a select landing between the two
  // left the caret behind a value put in afterwards, and the typed text was joined to the experience's.
  const [shownAtFocus, setShownAtFocus] = useState<string | null>(null)
  const [resolved, setResolved] = useState<Resolved>({ state: 'none' })
  const [serverNameError, setServerNameError] = useState(false)
  const [pending, setPending] = useState(false)

  const [settledText] = useDebouncedValue(experienceText, LIST_SEARCH_DEBOUNCE_MS)
  const { suggestions: found } = useExperienceSuggestions(settledText)
  const suggestions = useMemo(
    () =>
      found.map((e) => ({
        value: String(e.place_id),
        label: `${e.canonical_name || e.name} (${e.place_id})`,
      })),
    [found],
  )

  // The typed text, resolved to an experience: from the suggestions, else fetched (part 2 §5).
  useEffect(() => {
    const placeId = typedPlaceId(experienceText)
    if (placeId === null) {
      setResolved({ state: 'none' })
      return
    }
    const known = found.find((e) => e.place_id === placeId)
    if (known) {
      setResolved({ state: 'known', placeId, name: known.canonical_name || known.name })
      return
    }
    let current = true
    setResolved({ state: 'looking', placeId })
    queryClient
      .fetchQuery(api.experience(placeId))
      .then((e) => {
        if (current) setResolved({ state: 'known', placeId, name: e.canonical_name || e.name })
      })
      .catch(() => {
        if (current) setResolved({ state: 'untracked', placeId })
      })
    return () => {
      current = false
    }
  }, [experienceText, found, queryClient])

  const prefill = resolved.state === 'known' ? resolved.name : ''
  const name = typedName ?? shownAtFocus ?? prefill

  const problem = credentialNameProblem(name, credentials)
  const nameError = serverNameError ? CREDENTIAL_NAME_IN_USE : problem || null
  const placeId = resolved.state === 'none' ? null : resolved.placeId
  const canCreate = placeId !== null && problem === null && !pending

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!canCreate || placeId === null) return
    setPending(true)
    try {
      const created = await apiSend(
        'POST',
        '/api/gamecredential',
        { placeId, comment: name.trim() },
        'gameCredential',
      )
      queryClient.setQueryData(api.gameCredentials().queryKey, (old) =>
        [...(old ?? []), created].sort((a, b) =>
          a.comment.toLowerCase().localeCompare(b.comment.toLowerCase()),
        ),
      )
      void queryClient.invalidateQueries({ queryKey: api.eventStats().queryKey })
      toast.success(CREDENTIAL_TOASTS.created)
      setExperienceText('')
      setTypedName(null)
      // Submitted with Enter, the field still has focus: it shows the emptied form, not what it held.
      setShownAtFocus((shown) => (shown === null ? null : ''))
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 409) setServerNameError(true)
      toast.error(CREDENTIAL_TOASTS.createFailed)
    } finally {
      setPending(false)
    }
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="create-credential-title">
      <form onSubmit={(e) => void submit(e)} aria-label="Create event credential">
        <Stack gap="sm">
          <Title order={2} size="h4" id="create-credential-title">
            New Event Credential
          </Title>
          <Group align="flex-start" grow wrap="wrap">
            <Autocomplete
              label="Experience"
              placeholder="Search by name, or type a place id"
              value={experienceText}
              onChange={setExperienceText}
              data={suggestions}
              // The suggestions are matched here already (name, canonical name or id).
              filter={({ options }) => options}
              description={describe(resolved)}
              miw={260}
            />
            <TextInput
              label="Name"
              placeholder="e.g. Tower Defense Live"
              value={name}
              maxLength={CREDENTIAL_NAME_MAX_LENGTH}
              onChange={(e) => {
                setTypedName(e.currentTarget.value)
                setServerNameError(false)
              }}
              onFocus={() => setShownAtFocus(name)}
              onBlur={() => setShownAtFocus(null)}
              error={nameError}
              miw={220}
            />
          </Group>
          <Group justify="flex-end">
            <Button type="submit" disabled={!canCreate} loading={pending}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}

function describe(resolved: Resolved): string {
  switch (resolved.state) {
    case 'none':
      return 'An experience from the list, or its numeric place id'
    case 'known':
      return `${resolved.name} (place ${resolved.placeId})`
    case 'looking':
      return `Looking up place ${resolved.placeId}…`
    case 'untracked':
      return `Place ${resolved.placeId} is not tracked by Ludex: name the credential yourself`
  }
}
