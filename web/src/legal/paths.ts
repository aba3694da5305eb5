/** The legal pages' addresses (part 2 §2.1, §2.16): the router, the footer, the prompt and the callout use them. */
export const LEGAL_PATHS = {
  terms: '/terms-of-use',
  privacy: '/privacy-policy',
  cookies: '/cookie-policy',
} as const

export function isLegalPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '')
  return path === LEGAL_PATHS.terms || path === LEGAL_PATHS.privacy || path === LEGAL_PATHS.cookies
}
