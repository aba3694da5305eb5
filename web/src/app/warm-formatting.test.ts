import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, vi } from 'vitest'
import { appSourceFiles } from './source-files.ts'

// public/warm-formatting.js starts ICU in a worker so that the app's first formatters are cheap on the
// main thread (after-paint.js starts it). It only helps for the kinds of formatter it makes: a page that
// starts using another kind would pay ICU's start-up for it on the main thread again, silently.

const here = dirname(fileURLToPath(import.meta.url))
const srcDir = join(here, '..')
const workerSource = readFileSync(join(here, '../../public/warm-formatting.js'), 'utf8')

/** `Constructor locale` of every formatter the app's sources make, and whether they compare strings. */
function formattersOfTheApp(): { kinds: Set<string>; compares: boolean } {
  const kinds = new Set<string>()
  let compares = false
  for (const path of appSourceFiles(srcDir)) {
    const text = readFileSync(path, 'utf8')
    for (const m of text.matchAll(/new Intl\.(\w+)\(\s*'([\w-]+)'/g)) kinds.add(`${m[1]} ${m[2]}`)
    // Number.prototype.toLocaleString makes an Intl.NumberFormat of the locale given.
    for (const m of text.matchAll(/\.toLocaleString\(\s*'([\w-]+)'/g)) kinds.add(`NumberFormat ${m[1]}`)
    if (/\.localeCompare\(|new Intl\.Collator\(/.test(text)) compares = true
  }
  return { kinds, compares }
}

describe('the formatting warm-up worker', () => {
  it('makes a formatter of every kind and locale the app makes', () => {
    const { kinds, compares } = formattersOfTheApp()
    // The scan itself must find the app's formatters, or the check below proves nothing.
    expect(kinds).toContain('NumberFormat en-US')
    expect(kinds).toContain('DateTimeFormat en-US')
    for (const kind of kinds) {
      const [intlClass, locale] = kind.split(' ')
      expect(workerSource, kind).toContain(`new Intl.${intlClass}('${locale}'`)
    }
    if (compares) expect(workerSource).toContain('new Intl.Collator(')
  })

  it('runs to its end (every formatter it makes is valid) and then closes the worker', () => {
    const close = vi.fn()
    new Function('close', workerSource)(close)
    expect(close).toHaveBeenCalledTimes(1)
  })
})
