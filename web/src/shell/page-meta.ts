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

/** The current page title, read by the top bar (the breadcrumb's last item and the title line). */
let currentTitle = ''
const listeners = new Set<() => void>()

function setCurrentTitle(title: string): void {
  if (title === currentTitle) return
  currentTitle = title
  for (const l of listeners) l()
}

export function usePageTitle(): string {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => currentTitle,
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
  setCurrentTitle(meta.title)
}

/**
 * Set by a server render (entry-server.tsx) to learn the page's metadata while rendering, so the HTML's
 * head carries the page's title and description (link previews never run the app's JavaScript).
 */
export const ServerPageMeta = createContext<((meta: PageMeta) => void) | null>(null)

/** The head a page's metadata gives, as applyPageMeta writes it (without the origin-bound URLs). */
export function headOf(meta: PageMeta): { title: string; description: string; noIndex: boolean } {
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
  // Only a server render listens; in the browser the effect below applies the metadata.
  useContext(ServerPageMeta)?.({ title, description, image, noIndex })
  useEffect(() => {
    applyPageMeta({ title, description, image, noIndex }, { origin: window.location.origin, pathname })
  }, [title, description, image, noIndex, pathname])
}
