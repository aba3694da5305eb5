import { COOKIES } from '@ludex/schemas'

/**
 * Google Identity Services, as far as the sign-in button uses it. The script is Google's, loaded from
 * Google on the sign-in screen only, and only when the server has Google sign-in configured (the CSP
 * lets it in then and only then).
 */
export const GOOGLE_IDENTITY_SCRIPT = 'https://accounts.google.com/gsi/client'

/** What Google hands the page once the user picked an account: an ID token for POST /api/auth/google. */
export interface GoogleCredentialResponse {
  readonly credential: string
}

export interface GoogleButtonOptions {
  readonly type: 'standard' | 'icon'
  readonly shape: 'pill' | 'rectangular' | 'circle' | 'square'
  readonly theme: 'outline' | 'filled_blue' | 'filled_black'
  readonly size: 'large' | 'medium' | 'small'
  readonly text: 'signin_with' | 'signup_with' | 'continue_with' | 'signin'
  /** Pixels, at most 400. */
  readonly width: number
  readonly logo_alignment: 'left' | 'center'
}

/** google.accounts.id: the part of the script's API the button needs. */
export interface GoogleAccountsId {
  initialize(config: {
    client_id: string
    callback: (response: GoogleCredentialResponse) => void
    ux_mode?: 'popup' | 'redirect'
    // Google Identity Services' FedCM mode for the button (its documented option).
    use_fedcm_for_button?: boolean
  }): void
  renderButton(parent: HTMLElement, options: GoogleButtonOptions): void
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } }
  }
}

const STATE_ATTRIBUTE = 'data-ludex-state'

/**
 * Loads Google's script once per page (a second sign-in panel reuses the tag) and answers its
 * google.accounts.id. Rejects when the script cannot load (blocked, offline).
 */
export function loadGoogleIdentity(doc: Document = document): Promise<GoogleAccountsId> {
  const win = doc.defaultView
  const ready = () => win?.google?.accounts?.id
  const loaded = ready()
  if (loaded) return Promise.resolve(loaded)
  let script = doc.querySelector<HTMLScriptElement>(`script[src="${GOOGLE_IDENTITY_SCRIPT}"]`)
  if (script?.getAttribute(STATE_ATTRIBUTE) === 'failed') {
    // A failed tag stays failed: a new one gets another try.
    script.remove()
    script = null
  }
  if (!script) {
    script = doc.createElement('script')
    script.src = GOOGLE_IDENTITY_SCRIPT
    script.async = true
    script.setAttribute(STATE_ATTRIBUTE, 'loading')
    script.addEventListener('load', () => script?.setAttribute(STATE_ATTRIBUTE, 'loaded'))
    script.addEventListener('error', () => script?.setAttribute(STATE_ATTRIBUTE, 'failed'))
    doc.head.append(script)
  }
  const tag = script
  return new Promise((resolve, reject) => {
    const settle = () => {
      const id = ready()
      if (id) resolve(id)
      else reject(new Error('Google Identity Services did not load'))
    }
    if (tag.getAttribute(STATE_ATTRIBUTE) === 'loaded') settle()
    tag.addEventListener('load', settle, { once: true })
    tag.addEventListener('error', settle, { once: true })
  })
}

/**
 * Google's script keeps the state of its sign-in prompt in a cookie of this site (`g_state`); Ludex
 * keeps it no longer than the cookie policy says (part 2 §9: single sign-on state, 1 week) by writing
 * it back, same value, with that lifetime whenever the sign-in button goes away or is used.
 */
export function capSsoStateCookie(doc: Document = document): void {
  const { name, days } = COOKIES.ssoState
  const pair = doc.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
  if (!pair) return
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : ''
  doc.cookie = `${pair}; Path=/; Max-Age=${days * 24 * 60 * 60}; SameSite=Lax${secure}`
}
