import type { PageHead } from '@ludex/schemas'
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react'
import { useLocation } from 'react-router'

export const PRODUCT_NAME = 'Ludex'
export const DEFAULT_DESCRIPTION =
  'Real-time and historical statistics for Roblox experiences: players online, visits, likes, favorites, rankings and genres.'
export const DEFAULT_IMAGE = '/og-image.png'

export type PageMeta = {
  /** The page's own title; the document title becomes '{title} | Ludex'. */
  title: string
  description?: string
  /** An absolute or root-relative image for link previews. */
  image?: string
  /** Staff tools, the users page and the code library ask for no-index (part 1 §2). */
  noIndex?: boolean
}

/**
 * The metadata of the page on show, for one app in the browser (main.tsx makes one) or for one server
 * render (entry-server.tsx makes one per request): never shared, so two renders in one process never
 * see each other's page. The top bar reads the title from it (usePageTitle).
 */
export interface PageMetaStore {
  /** Whether pages report while rendering: a server render runs no effects. */
  readonly duringRender: boolean
  report(meta: PageMeta): void
  /** The last reported metadata, or null before any page reported. */
  current(): PageMeta | null
  subscribe(listener: () => void): () => void
}

export function createPageMetaStore(options: { server?: boolean } = {}): PageMetaStore {
  let meta: PageMeta | null = null
  const listeners = new Set<() => void>()
  return {
    duringRender: options.server ?? false,
    report(next) {
      const changed = meta?.title !== next.title
      meta = next
      if (changed) for (const l of listeners) l()
    },
    current: () => meta,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** The app's or the render's page metadata; without one (component tests) pages only set the head. */
export const PageMetaContext = createContext<PageMetaStore | null>(null)

const noSubscription = () => () => {}

/** The current page's title, read by the top bar (the breadcrumb's last item and the title line). */
export function usePageTitle(): string {
  const store = useContext(PageMetaContext)
  return useSyncExternalStore(
    store?.subscribe ?? noSubscription,
    () => store?.current()?.title ?? '',
    // A server render draws no title here: the page's effect sets it once hydrated.
    () => '',
  )
}

export function documentTitle(title: string): string {
  return title === '' || title === PRODUCT_NAME ? PRODUCT_NAME : `${title} | ${PRODUCT_NAME}`
}

function headElement<T extends HTMLElement>(selector: string, create: () => T): T {
  const found = document.head.querySelector<T>(selector)
  if (found) return found
  const el = create()
  document.head.appendChild(el)
  return el
}

function setMetaName(name: string, content: string | null): void {
  const selector = `meta[name="${name}"]`
  if (content === null) {
    document.head.querySelector(selector)?.remove()
    return
  }
  headElement(selector, () => Object.assign(document.createElement('meta'), { name })).content = content
}

function setMetaProperty(property: string, content: string): void {
  headElement(`meta[property="${property}"]`, () => {
    const el = document.createElement('meta')
    el.setAttribute('property', property)
    return el
  }).content = content
}

/** Writes title, description, image, canonical link and robots into the document head. */
export function applyPageMeta(meta: PageMeta, location: Pick<Location, 'origin' | 'pathname'>): void {
  const title = documentTitle(meta.title)
  const description = meta.description ?? DEFAULT_DESCRIPTION
  const image = new URL(meta.image ?? DEFAULT_IMAGE, location.origin).toString()
  // The canonical address leaves out search and hash: they only change the view of the same page.
  const canonical = `${location.origin}${location.pathname}`
  document.title = title
  setMetaName('description', description)
  setMetaProperty('og:title', title)
  setMetaProperty('og:description', description)
  setMetaProperty('og:image', image)
  setMetaProperty('og:url', canonical)
  setMetaName('robots', meta.noIndex ? 'noindex, nofollow' : null)
  const link = headElement('link[rel="canonical"]', () =>
    Object.assign(document.createElement('link'), { rel: 'canonical' }),
  )
  link.href = canonical
}

/** The head a page's metadata gives, as applyPageMeta writes it (without the origin-bound URLs). */
export function headOf(meta: PageMeta): PageHead {
  return {
    title: documentTitle(meta.title),
    description: meta.description ?? DEFAULT_DESCRIPTION,
    noIndex: meta.noIndex ?? false,
  }
}

/** Sets the page's title and metadata while the page is shown (part 1 §2, page titles). */
export function usePageMeta(meta: PageMeta): void {
  const { title, description, image, noIndex } = meta
  const { pathname } = useLocation()
  const store = useContext(PageMetaContext)
  // A server render learns the page's metadata while rendering (its head is written from it); in the
  // browser the effect below applies it.
  if (store?.duringRender) store.report({ title, description, image, noIndex })
  useEffect(() => {
    applyPageMeta({ title, description, image, noIndex }, { origin: window.location.origin, pathname })
    store?.report({ title, description, image, noIndex })
  }, [title, description, image, noIndex, pathname, store])
}
