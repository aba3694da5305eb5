/** Characters no file system or browser accepts in a file name, and control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
export const UNSAFE_IN_FILENAME = /[\u0000-\u001f\u007f/\\:*?"<>|]+/g

/**
 * The name of an exported file from its parts (page or call, stat, range, granularity), joined by '-':
 * `Rainbow Hunters-ccu-1m-day.csv`. Characters a file name cannot hold become '-'; empty parts are left out.
 */
export function exportFileName(
  parts: readonly (string | number | undefined)[],
  extension: 'csv' | 'json',
): string {
  const clean = parts
    .map((p) => (p === undefined ? '' : String(p).replace(UNSAFE_IN_FILENAME, '-').trim()))
    .filter((p) => p !== '')
  return `${clean.join('-').slice(0, 150) || 'export'}.${extension}`
}

/** The `format` query parameter of the exportable calls: csv, or json (the default). */
export const EXPORT_FORMATS = ['json', 'csv'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]
