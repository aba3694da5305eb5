/** Where sign-in goes when the user came from nowhere in particular (part 2 §9). */
export const DEFAULT_RETURN_TO = '/overview'

/** Pages never returned to: the account screens themselves. */
const ACCOUNT_PATHS = new Set(['/sign-in', '/sign-up', '/change-password', '/verify-email'])

/** The router state links to the account screens carry: the page they were followed from. */
export interface ReturnState {
  readonly from: string
}

/** The state for a link to /sign-in or /sign-up from this location. */
export function returnState(location: { pathname: string; search: string; hash: string }): ReturnState {
  return { from: `${location.pathname}${location.search}${location.hash}` }
}

/**
 * The page to go to after signing in (part 2 §2.1, §4): the one the user came from when the router
 * state names a page of this app, else /overview. Only same-app paths are accepted (no '//host').
 */
export function returnTarget(state: unknown): string {
  const from =
    typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string'
      ? state.from
      : null
  if (!from?.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return DEFAULT_RETURN_TO
  const pathname = from.split(/[?#]/, 1)[0] ?? ''
  return ACCOUNT_PATHS.has(pathname) ? DEFAULT_RETURN_TO : from
}
