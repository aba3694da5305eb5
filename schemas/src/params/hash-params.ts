/** The hash parameter keys of the spec (part 1 §2, part 2 §5). */
export const HASH_PARAM_KEYS = [
  'exp',
  'tag',
  'search',
  'anchor',
  'graphMin',
  'graphMax',
  'granularity',
  'tab',
  'startDate',
  'endDate',
  'time',
  'verification_complete',
  'token',
] as const

export type HashParamKey = (typeof HASH_PARAM_KEYS)[number]
/** A known key, or a known key plus a dash and a number ('tag-1', 'exp-2'). */
export type HashParamName = HashParamKey | `${HashParamKey}-${number}`

const KNOWN = new Set<string>(HASH_PARAM_KEYS)

export class UnknownHashKeyError extends Error {
  constructor(
    readonly key: string,
    options?: ErrorOptions,
  ) {
    super(`Unknown hash parameter key '${key}'`, options)
    this.name = 'UnknownHashKeyError'
  }
}

export function isKnownHashKey(key: string): key is HashParamName {
  if (KNOWN.has(key)) return true
  const m = /^(.+)-(\d+)$/.exec(key)
  return m !== null && KNOWN.has(m[1]!)
}

/** The base key and index of an indexed key: 'tag-2' → { key: 'tag', index: 2 }; 'tag' → index null. */
export function splitHashKey(name: HashParamName): { key: HashParamKey; index: number | null } {
  const m = /^(.+)-(\d+)$/.exec(name)
  if (m && KNOWN.has(m[1]!)) return { key: m[1] as HashParamKey, index: Number(m[2]) }
  return { key: name as HashParamKey, index: null }
}

/**
 * Parses a page-address hash ('#tag-1=4&exp=1,2' or without '#') into a record. Values are
 * percent-decoded ('+' reads as a space, as in a query string); a key without '=' has the value '';
 * a repeated key keeps its last value. Throws UnknownHashKeyError on the first key that is not known.
 */
export function parseHashParams(hash: string): Partial<Record<HashParamName, string>> {
  const out: Partial<Record<HashParamName, string>> = {}
  const body = hash.startsWith('#') ? hash.slice(1) : hash
  for (const part of body.split('&')) {
    if (part === '') continue
    const eq = part.indexOf('=')
    const key = decode(eq === -1 ? part : part.slice(0, eq))
    const value = eq === -1 ? '' : decode(part.slice(eq + 1))
    if (!isKnownHashKey(key)) throw new UnknownHashKeyError(key)
    out[key] = value
  }
  return out
}

export type HashParamValue = string | number | boolean | readonly (string | number)[] | null | undefined

/**
 * Builds '#k=v&…' from a record, in its key order; null and undefined values are left out, arrays are
 * joined with commas (the compare pages keep ids as 'exp=1,2,3'). Returns '' when nothing is left.
 * Throws UnknownHashKeyError for a key parseHashParams would refuse.
 */
export function buildHash(params: Readonly<Record<string, HashParamValue>>): string {
  const parts: string[] = []
  for (const [key, value] of Object.entries(params)) {
    if (!isKnownHashKey(key)) throw new UnknownHashKeyError(key)
    if (value === null || value === undefined) continue
    const text = Array.isArray(value) ? value.join(',') : String(value)
    parts.push(`${encode(key)}=${encode(text)}`)
  }
  return parts.length === 0 ? '' : `#${parts.join('&')}`
}

function encode(s: string): string {
  // Commas are legal in a fragment; keeping them readable keeps shared compare links readable.
  return encodeURIComponent(s).replaceAll('%2C', ',')
}

function decode(s: string): string {
  const spaced = s.replaceAll('+', ' ')
  try {
    return decodeURIComponent(spaced)
  } catch {
    // A hand-edited address with a stray '%' is read literally rather than rejected.
    return spaced
  }
}
