/**
 * A database id (part 2 §5): digits only, an integer above 0 that JS holds exactly. Leading zeros are
 * digits too ('007' is 7). Route parameters experienceId, experienceTagId and creatorId must pass it.
 */
export function isDatabaseId(s: unknown): s is string {
  if (typeof s !== 'string' || !/^\d+$/.test(s)) return false
  const n = Number(s)
  return n > 0 && Number.isSafeInteger(n)
}

export function parseDatabaseId(s: unknown): number | null {
  return isDatabaseId(s) ? Number(s) : null
}

/**
 * Bulk-add input (part 2 §5): entries separated by whitespace, newlines or commas. Valid ids are kept
 * once each in first-seen order; the entries that are not ids are returned so the form can say
 * 'format is not valid'.
 */
export function parseIdList(text: string): { ids: number[]; invalid: string[] } {
  const ids: number[] = []
  const invalid: string[] = []
  const seen = new Set<number>()
  for (const entry of text.split(/[\s,]+/)) {
    if (entry === '') continue
    const id = parseDatabaseId(entry)
    if (id === null) invalid.push(entry)
    else if (!seen.has(id)) {
      seen.add(id)
      ids.push(id)
    }
  }
  return { ids, invalid }
}

/** Invisible characters that ride along with copied text. */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]/g

/**
 * Reduces pasted text to a place id when it is a Roblox game link:
 * 'https://www.roblox.com/games/123456/Some-Name' → '123456' (also with a locale segment such as
 * '/de/games/…', or without scheme), and a 'placeId=123' query ('roblox.com/games/start?placeId=123',
 * 'roblox://placeId=123') → '123'. Any other text comes back cleaned: invisible characters removed and
 * trimmed.
 */
export function reduceGameUrlToId(text: string): string {
  const cleaned = text.replace(INVISIBLE, '').trim()
  const path = /(?:^|[/.])roblox\.com\/(?:[a-z]{2}(?:-[a-z]{2,4})?\/)?games\/(\d+)(?:[/?#]|$)/i.exec(cleaned)
  if (path) return path[1]!
  if (/roblox(?:\.com\/|:\/\/)/i.test(cleaned)) {
    const query = /[?&/]placeId=(\d+)(?:&|#|$)/i.exec(cleaned)
    if (query) return query[1]!
  }
  return cleaned
}
