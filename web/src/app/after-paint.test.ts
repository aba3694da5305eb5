import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The loader a server-rendered page runs once painted (public/after-paint.js): it inserts the page's
// data preloads, module preloads and entry a few per task. Run here against a page whose clock, tasks
// and cost of each insertion the test sets.
const here = dirname(fileURLToPath(import.meta.url))
const loaderSource = readFileSync(join(here, '../../public/after-paint.js'), 'utf8')

interface FakeElement {
  readonly tag: string
  readonly attributes: Record<string, string>
}

/** Runs the loader with `modules` listed, each insertion costing `msPerInsert`; returns what each task inserted. */
function runLoader(modules: number, msPerInsert: number) {
  let now = 0
  const tasks: (() => void)[] = []
  const inserted: string[][] = []
  let current: string[] = []
  const workers: string[] = []
  const attributes: Record<string, string> = {
    'data-fetch': '/api/a /api/b',
    'data-modules': Array.from({ length: modules }, (_, i) => `/assets/m${i}.js`).join(' '),
    'data-entry': '/assets/index.js',
  }
  const document = {
    currentScript: { getAttribute: (name: string) => attributes[name] ?? null },
    createElement: (tag: string) => {
      const attributes: Record<string, string> = {}
      const setAttribute = (key: string, value: string) => {
        attributes[key] = value
      }
      return { tag, attributes, setAttribute }
    },
    head: {
      append: (...els: FakeElement[]) => {
        for (const el of els) {
          now += msPerInsert
          current.push(el.attributes.href ?? el.attributes.src ?? '?')
        }
      },
    },
  }
  class FakeChannel {
    readonly port1 = { onmessage: null as null | (() => void), close: () => undefined }
    readonly port2 = { postMessage: () => void tasks.push(() => this.port1.onmessage?.()) }
  }
  const run = new Function(
    'document',
    'requestAnimationFrame',
    'setTimeout',
    'Worker',
    'MessageChannel',
    'performance',
    loaderSource,
  )
  run(
    document,
    (callback: () => void) => tasks.push(callback),
    (callback: () => void) => tasks.push(callback),
    class {
      constructor(url: string) {
        workers.push(url)
      }
    },
    FakeChannel,
    { now: () => now },
  )
  for (let guard = 0; tasks.length > 0 && guard < 1000; guard += 1) {
    tasks.shift()?.()
    if (current.length > 0) inserted.push(current)
    current = []
  }
  return {
    inserted,
    workers,
    expected: ['/api/a', '/api/b', ...attributes['data-modules']!.split(' '), '/assets/index.js'],
  }
}

describe('the after-paint loader', () => {
  it('inserts everything listed once, in order, the entry last, at most 12 a task', () => {
    const { inserted, workers, expected } = runLoader(80, 0)
    expect(workers).toEqual(['/warm-formatting.js'])
    expect(inserted.flat()).toEqual(expected)
    expect(inserted.map((task) => task.length)).toEqual([12, 12, 12, 12, 12, 12, 11])
  })

  it('ends a task once its insertions have taken 4 ms, so a slow phone gets no long task', () => {
    // 3 ms an insertion: the second one crosses the budget, so each task inserts two.
    const { inserted, expected } = runLoader(20, 3)
    expect(inserted.flat()).toEqual(expected)
    expect(inserted.every((task) => task.length === 2 || task === inserted.at(-1))).toBe(true)
    expect(inserted).toHaveLength(12)
  })

  it('inserts one element a task even when one alone takes longer than the budget', () => {
    const { inserted, expected } = runLoader(3, 10)
    expect(inserted).toEqual(expected.map((href) => [href]))
  })
})
