import { describe, expect, it } from 'vitest'
import { buildVersion } from './build-version.ts'
import { SKIP_WAITING, serviceWorkerSource } from './service-worker.ts'
import { APP_SHELL_URL, PRECACHE_MAX_BYTES, precacheList } from './sw-manifest.ts'

describe('the service worker’s precache list', () => {
  const build = [
    { name: 'index.html', bytes: 3_000 },
    { name: 'assets/index-3f2a.js', bytes: 580_000 - 80_000 },
    { name: 'assets/index-3f2a.js.map', bytes: 2_000_000 },
    { name: 'assets/index-9c1d.css', bytes: 160_000 },
    { name: 'assets/Plot-77aa.js', bytes: 1_085_000 },
    { name: 'assets/route-1b2c.js', bytes: 40_000 },
    { name: '.vite/manifest.json', bytes: 9_000 },
    { name: '_ssr/entry-server.js', bytes: 1_900_000 },
    { name: 'search-keys.js', bytes: 1_500 },
    { name: 'color-scheme.js', bytes: 800 },
    { name: 'favicon.svg', bytes: 300 },
    { name: 'sw.js', bytes: 4_000 },
  ]

  it('holds the shell and the files a page starts with, sorted', () => {
    expect(precacheList(build)).toEqual([
      '/assets/index-3f2a.js',
      '/assets/index-9c1d.css',
      '/assets/route-1b2c.js',
      '/color-scheme.js',
      '/favicon.svg',
      APP_SHELL_URL,
      '/search-keys.js',
    ])
  })

  it('leaves out maps, the manifest, the server render, the worker and files cached on first use', () => {
    const list = precacheList(build)
    for (const left of ['.map', '.vite/', '_ssr/', '/sw.js', 'Plot-']) {
      expect(
        list.filter((u) => u.includes(left)),
        left,
      ).toEqual([])
    }
    expect(precacheList([{ name: 'assets/big.js', bytes: PRECACHE_MAX_BYTES + 1 }])).toEqual([APP_SHELL_URL])
    expect(precacheList([{ name: 'assets/edge.js', bytes: PRECACHE_MAX_BYTES }])).toContain('/assets/edge.js')
  })
})

describe('the build version', () => {
  const files = [
    { name: 'index.html', content: '<html>a</html>' },
    { name: 'assets/a.js', content: new TextEncoder().encode('console.log(1)') },
  ]

  it('is the one given, else the same hash for the same files in any order', async () => {
    expect(buildVersion('2025.03.12', files)).toBe('2025.03.12')
    const hash = buildVersion(undefined, files)
    expect(hash).toMatch(/^[0-9a-f]{16}$/)
    expect(buildVersion(undefined, files.toReversed())).toBe(hash)
  })

  it('changes when any file’s content or name changes', async () => {
    const hash = buildVersion(undefined, files)
    expect(buildVersion(undefined, [files[0]!, { name: 'assets/a.js', content: 'console.log(2)' }])).not.toBe(
      hash,
    )
    expect(buildVersion(undefined, [files[0]!, { ...files[1]!, name: 'assets/b.js' }])).not.toBe(hash)
  })
})

describe('the worker’s source', () => {
  it('carries the version, the precache list and the skip-waiting message, and parses as a script', () => {
    const source = serviceWorkerSource(
      { version: 'v-test', precache: ['/index.html', '/assets/a.js'] },
      '/index.html',
    )
    expect(source).toContain('"version":"v-test"')
    expect(source).toContain('"precache":["/index.html","/assets/a.js"]')
    expect(source).toContain(`"skipWaiting":"${SKIP_WAITING}"`)
    // A syntax error would stop the worker from ever installing.
    expect(() => new Function(source)).not.toThrow()
  })
})
