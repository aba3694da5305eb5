import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'

/**
 * Staged hydration and the readiness signal (web/src/app/hydration/, web/README.md): a server-rendered
 * page hydrates part by part, a task each, and `html[data-app-ready]` (what every test waits for before
 * it clicks) is set only once no part still waits.
 */

/** What the page saw while it came alive, recorded by `watchHydration`. */
interface Seen {
  /** After each React commit, how many Suspense boundaries still held markup that had not hydrated. */
  readonly waitingPerCommit: number[]
  /** The same when `data-app-ready` appeared. */
  readonly waitingAtReady: number | null
  /** Elements of the server's markup taken out of the page before it was ready. */
  readonly removed: string[]
  /** What a click made at the moment the page became ready did (`clicked` below). */
  readonly clickedAtReady: string | null
}

/**
 * Watches React through the hook its DevTools use (in place before React loads) and the DOM: after
 * each commit, the Suspense boundaries whose server markup has not hydrated yet (a fiber of tag 13, a
 * Suspense component, with dehydrated state); and, at the moment the page says it is ready, clicks the
 * last element `clickAtReady` selects, so the test sees whether that click reached the app.
 */
async function watchHydration(page: Page, clickAtReady: string): Promise<void> {
  await page.addInitScript((selector) => {
    type Fiber = {
      tag: number
      memoizedState: { dehydrated?: unknown } | null
      child: Fiber | null
      sibling: Fiber | null
    }
    const seen = {
      waitingPerCommit: [] as number[],
      waitingAtReady: null as number | null,
      removed: [] as string[],
      clickedAtReady: null as string | null,
    }
    ;(window as unknown as { __hydration: typeof seen }).__hydration = seen
    let root: { current: Fiber } | null = null
    const waiting = () => {
      let count = 0
      const walk = (start: Fiber | null) => {
        for (let f = start; f; f = f.sibling) {
          if (f.tag === 13 && f.memoizedState?.dehydrated) count += 1
          walk(f.child)
        }
      }
      walk(root?.current ?? null)
      return count
    }
    ;(window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => {},
      onScheduleFiberRoot: () => {},
      onCommitFiberUnmount: () => {},
      onPostCommitFiberRoot: () => {},
      onCommitFiberRoot: (_id: number, committed: { current: Fiber }) => {
        root = committed
        seen.waitingPerCommit.push(waiting())
      },
    }
    new MutationObserver((records, observer) => {
      for (const r of records) {
        for (const node of r.removedNodes) {
          // The server's markup: what the parser put in #root before any script ran.
          if (node instanceof Element && (node as Element & { __fromServer?: true }).__fromServer) {
            seen.removed.push(`${node.tagName.toLowerCase()}.${node.className}`)
          }
        }
      }
      if (document.documentElement?.hasAttribute('data-app-ready')) {
        observer.disconnect()
        seen.waitingAtReady = waiting()
        const target = [...document.querySelectorAll<HTMLElement>(selector)].at(-1)
        seen.clickedAtReady = target ? 'clicked' : 'missing'
        // In view, as a user's click is: a menu whose button is off screen stays hidden (Mantine's
        // popovers hide when their target is out of sight).
        target?.scrollIntoView({ block: 'center' })
        target?.click()
      }
    }).observe(document, {
      attributes: true,
      childList: true,
      subtree: true,
      attributeFilter: ['data-app-ready'],
    })
    document.addEventListener('DOMContentLoaded', () => {
      for (const el of document.querySelectorAll('#root *'))
        (el as Element & { __fromServer?: true }).__fromServer = true
    })
  }, clickAtReady)
}

const seenOf = (page: Page): Promise<Seen> =>
  page.evaluate(() => (window as unknown as { __hydration: Seen }).__hydration)

test.describe('staged hydration', () => {
  test('an experience page hydrates part by part, keeps the server’s markup, and is ready only when no part waits', async ({
    page,
    experiences,
  }) => {
    await watchHydration(page, 'footer button')
    await page.goto(`/experiences/${experiences[0]!.place_id}`)
    const seen = await seenOf(page)
    // The first commit hydrated the frame and left the parts waiting; they then came alive over many
    // commits (a task each), not in one.
    expect(seen.waitingPerCommit[0]).toBeGreaterThan(5)
    const steps = seen.waitingPerCommit.filter((n, i, all) => i > 0 && n < all[i - 1]!).length
    expect(steps).toBeGreaterThan(5)
    expect(seen.waitingAtReady).toBe(0)
    expect(seen.removed).toEqual([])
  })

  test('a click right after the page is ready works, in the part that hydrated last', async ({ page }) => {
    // The overview's last card (the like rate histogram) is the last part to hydrate; its chart's
    // Export button opens the export menu.
    await watchHydration(page, 'main button[aria-label^="Export "]')
    await page.goto('/overview')
    const seen = await seenOf(page)
    expect(seen.clickedAtReady).toBe('clicked')
    await expect(page.getByRole('menuitem', { name: 'Download CSV' })).toBeVisible()
  })
})
