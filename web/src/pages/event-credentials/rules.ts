import { CREDENTIAL_NAME_IN_USE, type GameCredential, isDatabaseId, reduceGameUrlToId } from '@ludex/schemas'

/**
 * The name rules of part 2 §5: not empty once trimmed, and not the name of another credential however
 * it is cased. `except` is the credential being renamed (its own name is no clash). Null when the name
 * may be saved; '' when it is empty (the button is disabled, nothing is said).
 */
export function credentialNameProblem(
  name: string,
  credentials: readonly Pick<GameCredential, 'game_key' | 'comment'>[],
  except?: string,
): string | null {
  const wanted = name.trim().toLowerCase()
  if (wanted === '') return ''
  const taken = credentials.some((c) => c.game_key !== except && c.comment.trim().toLowerCase() === wanted)
  return taken ? CREDENTIAL_NAME_IN_USE : null
}

/** The place id typed or pasted (a game link is reduced to its id), or null when it is none. */
export function typedPlaceId(text: string): number | null {
  const reduced = reduceGameUrlToId(text.trim())
  return isDatabaseId(reduced) ? Number(reduced) : null
}

/** A secret key shown masked: its first four characters, then dots. */
export function maskedSecret(secret: string): string {
  return `${secret.slice(0, 4)}${'•'.repeat(Math.max(8, secret.length - 4))}`
}

/**
 * The credentials the search box keeps: the name, the experience's name, or the game key containing
 * the text (any case), or the place id equal to it (a pasted game link is reduced to its id). Blank
 * text keeps them all.
 */
export function filterCredentials<T extends Pick<GameCredential, 'game_key' | 'comment' | 'place_id'>>(
  credentials: readonly T[],
  text: string,
  experienceNames: ReadonlyMap<number, string>,
): readonly T[] {
  const query = reduceGameUrlToId(text.trim()).toLowerCase()
  if (query === '') return credentials
  const id = /^\d+$/.test(query) ? Number(query) : null
  return credentials.filter(
    (c) =>
      c.place_id === id ||
      c.comment.toLowerCase().includes(query) ||
      c.game_key.includes(query) ||
      (experienceNames.get(c.place_id) ?? '').toLowerCase().includes(query),
  )
}
