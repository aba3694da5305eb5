import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * The one-way dependency rule of ARCHITECTURE.md, checked on the imports of every package's own source
 * (tests and test helpers may reach further: they are not shipped code). An arrow not listed here is a
 * failure naming the file, so the picture in the docs cannot drift from the code.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  schemas: [],
  workers: ['@ludex/schemas'],
  pipelines: ['@ludex/schemas'],
  // The API reads the store through the engine-free store module only (never the engines or the bus).
  api: ['@ludex/schemas', '@ludex/pipelines/store'],
  web: ['@ludex/schemas'],
  // The composition root wires every package (never web: the API serves its build).
  cli: [
    '@ludex/schemas',
    '@ludex/workers',
    '@ludex/workers/bullmq',
    '@ludex/pipelines',
    '@ludex/pipelines/store',
    '@ludex/pipelines/kafka',
    '@ludex/api',
  ],
}

/** Source files a package ships: .ts/.tsx under src, without tests, contract suites and testing entries. */
async function shippedSources(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...(await shippedSources(path)))
    else if (
      /\.tsx?$/.test(entry.name) &&
      !/\.(test|spec)\.tsx?$/.test(entry.name) &&
      !/(^|[-.])contract\.ts$/.test(entry.name) &&
      !/^(testing|test-store)\.ts$/.test(entry.name)
    )
      out.push(path)
  }
  return out
}

/** Every `@ludex/...` specifier a file imports or re-exports, statically or dynamically. */
function ludexImports(source: string): string[] {
  const found = new Set<string>()
  for (const m of source.matchAll(/(?:from|import)\s*\(?\s*'(@ludex\/[^']+)'/g)) found.add(m[1]!)
  return [...found]
}

describe('the one-way dependency rule', () => {
  for (const [pkg, allowed] of Object.entries(ALLOWED)) {
    it(`${pkg} imports only ${allowed.length ? allowed.join(', ') : 'nothing of ours'}`, async () => {
      const files = await shippedSources(join(ROOT, pkg, 'src'))
      expect(files.length).toBeGreaterThan(0)
      const offending: string[] = []
      for (const file of files) {
        for (const spec of ludexImports(await readFile(file, 'utf8'))) {
          if (!allowed.includes(spec)) offending.push(`${relative(ROOT, file)} imports ${spec}`)
        }
      }
      expect(offending).toEqual([])
    })
  }

  it('finds an import it must refuse (the check can fail)', () => {
    expect(
      ludexImports("import { tables } from '@ludex/pipelines'\nawait import('@ludex/pipelines/kafka')"),
    ).toEqual(['@ludex/pipelines', '@ludex/pipelines/kafka'])
  })
})
