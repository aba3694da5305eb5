/**
 * What the service worker is built with (vite.config.ts, at build time): the build's version and the
 * files it caches when it installs. Pure, so the rules are tested without a build.
 */

/** One file of the browser build, as the bundle (or the public folder) holds it. */
export interface BuiltFile {
  /** Path under the build's root, '/'-separated, no leading slash: 'assets/index-3f2a.js'. */
  readonly name: string
  readonly bytes: number
}

export interface ServiceWorkerManifest {
  readonly version: string
  /** Root-relative URLs cached at install: the app shell and the static files it starts with. */
  readonly precache: readonly string[]
}

/** The page the worker falls back to when a navigation cannot reach the network (offline start). */
export const APP_SHELL_URL = '/index.html'
export const SERVICE_WORKER_FILE = 'sw.js'
/** Larger files (the chart library) are cached when first used instead of at install. */
export const PRECACHE_MAX_BYTES = 512 * 1024

/**
 * The files cached at install: index.html (the offline shell) and every file of the build a page may
 * ask for (the hashed chunks and stylesheets, the root scripts and icons), less source maps, the
 * manifest and the server render's bundle (never served), the worker itself, and files over
 * PRECACHE_MAX_BYTES, which are cached on first use. Sorted, so the same build lists the same files.
 */
export function precacheList(files: readonly BuiltFile[]): string[] {
  const urls = new Set<string>()
  for (const f of files) {
    if (!cacheable(f.name) || f.bytes > PRECACHE_MAX_BYTES) continue
    urls.add(`/${f.name}`)
  }
  urls.add(APP_SHELL_URL)
  return [...urls].sort()
}

function cacheable(name: string): boolean {
  if (name.endsWith('.map') || name === SERVICE_WORKER_FILE) return false
  if (name.startsWith('.vite/') || name.startsWith('_ssr/')) return false
  // index.html is listed once, as the shell; other HTML files are not the app's.
  return !name.endsWith('.html')
}
