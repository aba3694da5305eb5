import { createContext, type ReactNode, startTransition, use, useEffect, useState } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  HydrationBoundary,
  HydrationContext,
  RootCommitted,
  useHeldUntilHydrated,
} from './HydrationBoundary.tsx'
import { createHydrationSchedule, type HydrationSchedule } from './schedule.ts'

const PARTS = ['first', 'second', 'third'] as const

/** What happened, in order: each part's hydration (its effect) with the task it ran in, and readiness. */
type Log = string[]

/** How the page hands its label down: as a prop, or through a context (held while hydrating, or not). */
type Via = 'props' | 'context' | 'held context'

const LabelContext = createContext<string | null>(null)

/** A part of the page: a button that counts its clicks, and says when its effects have run. */
function Part(props: { name: string; label: string; log: Log; task: () => number }) {
  const label = use(LabelContext) ?? props.label
  const [clicks, setClicks] = useState(0)
  useEffect(() => {
    props.log.push(`hydrated ${props.name} in task ${props.task()}`)
  }, [props.log, props.name, props.task])
  return (
    <button type="button" data-part={props.name} onClick={() => setClicks((c) => c + 1)}>
      {label} {clicks}
    </button>
  )
}

/**
 * A page of three parts, each in a boundary, one inside another's. `label` stands for what a parent
 * hands down: it changes once the frame has committed, before any part has hydrated.
 */
function Page(props: { log: Log; task: () => number; relabel: boolean; via: Via }) {
  const [label, setLabel] = useState('clicks')
  useEffect(() => {
    if (props.relabel) setLabel('presses')
  }, [props.relabel])
  const held = useHeldUntilHydrated(label)
  const handed = props.via === 'props' ? null : props.via === 'context' ? label : held
  const part = (name: string, children?: ReactNode) => (
    <HydrationBoundary>
      <Part name={name} label={label} log={props.log} task={props.task} />
      {children}
    </HydrationBoundary>
  )
  return (
    <LabelContext value={handed}>
      <main>
        <h1>Page</h1>
        {part(PARTS[0], part(PARTS[2]))}
        {part(PARTS[1])}
      </main>
    </LabelContext>
  )
}

function App(props: {
  schedule: HydrationSchedule
  log: Log
  task: () => number
  relabel?: boolean
  via?: Via
}) {
  return (
    <HydrationContext value={props.schedule}>
      <Page log={props.log} task={props.task} relabel={props.relabel ?? false} via={props.via ?? 'props'} />
      <RootCommitted />
    </HydrationContext>
  )
}

let root: Root | undefined
afterEach(() => {
  root?.unmount()
  root = undefined
  document.body.innerHTML = ''
})

/**
 * Server-renders the app into the document and hydrates it with a staged schedule whose turns are
 * counted as tasks; resolves at readiness with the log, the parts' buttons as the server drew them,
 * and the outcome of clicking every part at the moment the page became ready.
 */
async function hydrate(options: { relabel?: boolean; via?: Via } = {}) {
  const log: Log = []
  let tasks = 0
  const task = () => tasks
  const container = document.createElement('div')
  container.innerHTML = renderToString(
    <App schedule={createHydrationSchedule({ staged: false })} log={[]} task={task} />,
  )
  document.body.append(container)
  const drawn = new Map(PARTS.map((p) => [p, container.querySelector(`[data-part="${p}"]`)]))
  const clickedAtReady = new Promise<string[]>((resolve) => {
    const schedule = createHydrationSchedule({
      staged: true,
      nextTask: (run) =>
        setTimeout(() => {
          tasks += 1
          run()
        }, 0),
      onReady: () => {
        log.push('ready')
        // A click right after readiness: each part's handler must be live.
        for (const p of PARTS) container.querySelector<HTMLButtonElement>(`[data-part="${p}"]`)?.click()
        // React applies the clicks' updates before the task ends; read them in the next one.
        setTimeout(() =>
          resolve(PARTS.map((p) => container.querySelector(`[data-part="${p}"]`)?.textContent ?? '')),
        )
      },
    })
    startTransition(() => {
      root = hydrateRoot(container, <App schedule={schedule} log={log} task={task} {...options} />, {
        onRecoverableError: (error) => log.push(`recoverable error: ${String(error)}`),
      })
    })
  })
  const afterClicks = await clickedAtReady
  return { log, container, drawn, afterClicks }
}

describe('HydrationBoundary on a server-rendered page', () => {
  it('hydrates each part in a task of its own, the tree order kept, and is ready only after the last', async () => {
    const { log } = await hydrate()
    // The parts in the order they appear; the nested one once its parent has hydrated.
    expect(log).toEqual([
      'hydrated first in task 1',
      'hydrated second in task 2',
      'hydrated third in task 3',
      'ready',
    ])
  })

  it('keeps the markup the server drew (hydrated, never drawn anew) and a click right after readiness works', async () => {
    const { drawn, container, afterClicks } = await hydrate()
    for (const [part, element] of drawn) {
      expect(element, part).not.toBeNull()
      expect(container.contains(element), `${part}'s button is the server's`).toBe(true)
    }
    expect(afterClicks).toEqual(['clicks 1', 'clicks 1', 'clicks 1'])
  })

  it('keeps a part as drawn when its parent changes what it hands down before the part hydrated', async () => {
    const { log, drawn, container, afterClicks } = await hydrate({ relabel: true })
    expect(log.filter((l) => l.startsWith('recoverable'))).toEqual([])
    for (const [part, element] of drawn) expect(container.contains(element), part).toBe(true)
    // The change reached every part once it was live.
    expect(afterClicks).toEqual(['presses 1', 'presses 1', 'presses 1'])
  })

  it('keeps a part as drawn when a context changes before it hydrated, if the value is held (useHeldUntilHydrated)', async () => {
    // Unheld, the part hydrating later reads the new value: React throws the server's markup away.
    const unheld = await hydrate({ relabel: true, via: 'context' })
    expect(unheld.log.filter((l) => l.startsWith('recoverable')).length).toBeGreaterThan(0)
    const { log, drawn, container, afterClicks } = await hydrate({ relabel: true, via: 'held context' })
    expect(log.filter((l) => l.startsWith('recoverable'))).toEqual([])
    for (const [part, element] of drawn) expect(container.contains(element), part).toBe(true)
    // Each click counted. Which label it reads depends on whether the held value's release (scheduled
    // at readiness) committed before the next task: either is right, the count is what must hold.
    expect(afterClicks.map((text) => text.replace(/^(clicks|presses) /, ''))).toEqual(['1', '1', '1'])
    // The new value reaches every part once the page is ready.
    await vi.waitFor(() => {
      const labels = PARTS.map((p) => container.querySelector(`[data-part="${p}"]`)?.textContent)
      expect(labels).toEqual(['presses 1', 'presses 1', 'presses 1'])
    })
  })
})

/** Formats 7 with a function handed down as a held value. */
function FormattedSeven(props: { format: (n?: number) => string }) {
  const format = useHeldUntilHydrated(props.format)
  return <p>{format(7)}</p>
}

describe('HydrationBoundary elsewhere', () => {
  it('renders its content at once without a schedule (a server render, a component test)', () => {
    const html = renderToString(
      <HydrationBoundary>
        <p>content</p>
      </HydrationBoundary>,
    )
    expect(html).toContain('<p>content</p>')
  })

  it('holds a function as the value it is, never calling it (useHeldUntilHydrated)', () => {
    const format = vi.fn((n?: number) => `#${n}`)
    expect(renderToString(<FormattedSeven format={format} />)).toContain('#7')
    expect(format.mock.calls).toEqual([[7]])
  })
})
