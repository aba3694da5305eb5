import { UNSAFE_IN_FILENAME } from '@ludex/schemas'

/** ASCII slug of a name: accents dropped, other runs of non-alphanumerics as one '-'. */
export function asciiSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
}

/** RFC 5987 value-chars: encodeURIComponent leaves a few characters that attr-char does not allow. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

/**
 * Content-Disposition of the badge CSV: "<name>-<placeId>-badges.csv", with an ASCII slug in filename
 * for old clients and the UTF-8 name in filename* (RFC 6266 / 5987) for the rest.
 */
export function badgeCsvDisposition(canonicalName: string, placeId: number): string {
  const slug = asciiSlug(canonicalName) || 'experience'
  const unicodeName = canonicalName.replace(UNSAFE_IN_FILENAME, '-').trim().slice(0, 120) || 'experience'
  const ascii = `${slug}-${placeId}-badges.csv`
  const utf8 = `${unicodeName}-${placeId}-badges.csv`
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(utf8)}`
}
