// Build time only (vite.config.ts): node:crypto stays out of the browser bundle, which imports
// sw-manifest.ts for the worker's file name.
import { createHash } from 'node:crypto'

/**
 * The build's version: the one given (LUDEX_BUILD_VERSION, `npm run build -- --version`), else a hash
 * of every file's name and content, so an unchanged build keeps its version (no update offered) and
 * any change gives a new one.
 */
export function buildVersion(
  given: string | undefined,
  contents: readonly { readonly name: string; readonly content: string | Uint8Array }[],
): string {
  if (given) return given
  const hash = createHash('sha256')
  for (const { name, content } of [...contents].sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  )) {
    hash.update(name)
    hash.update('\0')
    hash.update(content)
    hash.update('\0')
  }
  return hash.digest('hex').slice(0, 16)
}
