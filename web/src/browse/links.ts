import {
  type Creator,
  displayGenreName,
  genreSlug,
  UNLABELED_GENRE,
  UNLABELED_GENRE_KEY,
} from '@ludex/schemas'

/** The genre page of a genre key ('unlabeled' included). */
export function genrePath(genre: string): string {
  return `/genres/${encodeURIComponent(genre)}`
}

/** The page of a genre's sub-genre, from its genre_l2 (any casing; empty is 'unlabeled'). */
export function subGenrePath(genre: string, genreL2: string): string {
  return `${genrePath(genre)}/${encodeURIComponent(genreSlug(genreL2))}`
}

/** Whether a genre gets a link where it is shown (unlabeled is a dash, not a place to go). */
export function isLinkedGenre(genre: string): boolean {
  return genre !== UNLABELED_GENRE_KEY
}

/**
 * A creator's page. User and group ids are separate namespaces: when `others` (the creator list) holds
 * a creator of the other type with the same id, the address names the type.
 */
export function creatorPath(creator: Pick<Creator, 'id' | 'type'>, others: readonly Creator[] = []): string {
  const shared = others.some((c) => c.id === creator.id && c.type !== creator.type)
  return creatorPathOf(creator, shared)
}

/** A creator's page, naming its type when a user and a group share its id (`typed`). */
export function creatorPathOf(creator: Pick<Creator, 'id' | 'type'>, typed: boolean): string {
  return `/creators/${creator.id}${typed ? `?type=${creator.type}` : ''}`
}

/** The creator's profile on the platform: users and groups have different addresses. */
export function creatorProfileUrl(creator: Pick<Creator, 'id' | 'type'>): string {
  return creator.type === 'Group'
    ? `https://www.roblox.com/communities/${creator.id}`
    : `https://www.roblox.com/users/${creator.id}/profile`
}

/** A genre or sub-genre as a page title: capitalised, and 'Unlabeled' spelled out (a dash is no title). */
export function genreTitle(name: string): string {
  const shown = displayGenreName(name)
  return shown === displayGenreName(UNLABELED_GENRE) ? UNLABELED_GENRE : shown
}
