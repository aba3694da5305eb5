import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { appSourceFiles } from './source-files.ts'

const here = dirname(fileURLToPath(import.meta.url))
const srcDir = join(here, '..')
const stylesDir = join(here, '../../node_modules/@mantine/core/styles')

/** Every component name the app imports from @mantine/core (multi-line imports included). */
function importedComponents(): Set<string> {
  const names = new Set<string>()
  for (const path of appSourceFiles(srcDir)) {
    const text = readFileSync(path, 'utf8')
    for (const m of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
      for (const part of m[1]!.split(',')) {
        const name = part
          .replace(/^\s*type\s+/, '')
          .split(' as ')[0]!
          .trim()
        if (/^[A-Z]/.test(name)) names.add(name)
      }
    }
  }
  return names
}

describe('mantine.css', () => {
  const imported = new Set(
    [...readFileSync(join(here, 'mantine.css'), 'utf8').matchAll(/styles\/([A-Za-z-]+)\.css/g)].map(
      (m) => m[1],
    ),
  )
  const available = new Set(
    readdirSync(stylesDir)
      .filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'))
      .map((f) => f.slice(0, -4)),
  )

  it('imports the styles of every Mantine component the app uses', () => {
    const missing = [...importedComponents()].filter((c) => available.has(c) && !imported.has(c))
    expect(missing).toEqual([])
  })

  it('imports only files Mantine ships, the global ones first', () => {
    expect([...imported].filter((n) => !available.has(n!))).toEqual([])
    expect([...imported].slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global'])
  })
})
