import { parseHashParams } from '@ludex/schemas'

/** The pages an emailed link opens with its token in the hash (`/verify-email#token=…`). */
export type TokenPurpose = 'verify-email' | 'change-password'

const PURPOSES: readonly TokenPurpose[] = ['verify-email', 'change-password']
const storageKey = (purpose: TokenPurpose) => `ludex:account-token:${purpose}`

/**
 * The token an emailed link brought (part 2 §2.1: /change-password and /verify-email need a token held
 * by the session). A token in the address is kept in this tab's session storage, so the page still
 * works after the address is tidied or the tab reloaded; without one, the stored token is used.
 * Null when there is neither.
 */
export function takeAccountToken(purpose: TokenPurpose, hash: string): string | null {
  let fromHash: string | undefined
  try {
    fromHash = parseHashParams(hash).token
  } catch {
    // An unknown key: not one of our links.
  }
  if (fromHash) {
    try {
      sessionStorage.setItem(storageKey(purpose), fromHash)
    } catch {
      // Storage refused (private mode): the token still serves this visit.
    }
    return fromHash
  }
  try {
    return sessionStorage.getItem(storageKey(purpose))
  } catch {
    return null
  }
}

/** Tokens are single-use: forget one once it has been spent (or refused). */
export function forgetAccountToken(purpose: TokenPurpose): void {
  try {
    sessionStorage.removeItem(storageKey(purpose))
  } catch {
    // Nothing stored.
  }
}

export function forgetAccountTokens(): void {
  for (const p of PURPOSES) forgetAccountToken(p)
}
