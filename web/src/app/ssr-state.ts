import { SSR_STATE_ELEMENT_ID } from '@ludex/schemas'
import type { DehydratedState } from '@tanstack/react-query'
import type { HydrationState } from 'react-router'

/** What a server-rendered page carries for the client to hydrate with: the query cache and the router's
 * loader data, exactly as the server drew the page from them. */
export interface SsrState {
  readonly queries: DehydratedState
  readonly router: Pick<HydrationState, 'loaderData' | 'actionData'>
}

/** JSON that cannot end the script element or open a comment, whatever strings the data holds. */
export function serializeState(state: SsrState): string {
  return JSON.stringify(state)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029')
}

/** The embedded state, or null on a page the server did not render. */
export function readSsrState(doc: Document): SsrState | null {
  const text = doc.getElementById(SSR_STATE_ELEMENT_ID)?.textContent
  return text ? (JSON.parse(text) as SsrState) : null
}
