/**
 * The global search's shortcuts and the keystrokes typed before the search can take them (part 1 §2).
 *
 * A server-rendered page is on screen seconds before its JavaScript has hydrated it, and the search
 * dialog is loaded on first use, then focuses its box a moment after it opens. Ctrl/Cmd+K and what is
 * typed after it in those gaps used to be lost. So the shortcuts belong to a buffer that is installed by
 * the page's first script (`/search-keys.js`, written out from `installSearchKeys` by vite.config.ts),
 * before anything is drawn: after a shortcut it keeps every character, Backspace and Enter until the
 * search box takes focus and the dialog takes them over. The app connects to the same buffer, installing
 * it when the script is absent (the Vite dev server before its first request, component tests).
 */

/** What was typed for the search between its shortcut and its box taking focus. */
export interface TypedAhead {
  readonly text: string
  /** Enter was pressed after the text: the search goes where Enter would have taken it. */
  readonly enter: boolean
}

export interface SearchKeys {
  /**
   * The app takes the shortcuts: `open` is called on each Ctrl/Cmd+K or +F, and at once when one was
   * pressed before the app connected. Returns the disconnection.
   */
  connect(open: () => void): () => void
  /** The search box has focus: what was typed since the shortcut (null if nothing is waiting); buffering stops. */
  take(): TypedAhead | null
}

export interface SearchKeysOptions {
  /** The attribute that marks the search box: keys typed in it are its own, never buffered. */
  readonly inputAttribute: string
  /** The window property the buffer lives in: the page's one buffer, shared by the head script and the app. */
  readonly globalName: string
}

export const SEARCH_KEYS: SearchKeysOptions = {
  inputAttribute: 'data-search-input',
  globalName: 'ludexSearchKeys',
}

/** The script's address (web/vite.config.ts serves and emits it; index.html loads it). */
export const SEARCH_KEYS_SCRIPT = 'search-keys.js'

/** The page's buffer: the one the head script installed, or a new one. */
export function searchKeys(win: Window & typeof globalThis): SearchKeys {
  return installSearchKeys(win, SEARCH_KEYS)
}

/**
 * Installs the buffer on `win` once (later calls return the same one). It runs as the head script's
 * source (`Function.prototype.toString`), so it refers to nothing outside itself.
 */
export function installSearchKeys(win: Window & typeof globalThis, options: SearchKeysOptions): SearchKeys {
  // Page state shared across two scripts, so it lives on the window rather than in a module.
  const slot = win as unknown as Record<string, SearchKeys | undefined>
  const installed = slot[options.globalName]
  if (installed) return installed

  let open: (() => void) | null = null
  let pending = false
  let buffering = false
  let text = ''
  let enter = false

  const swallow = (event: Event) => {
    event.preventDefault()
    event.stopPropagation()
  }
  const inSearchBox = (event: Event) =>
    event.target instanceof win.Element && event.target.hasAttribute(options.inputAttribute)
  const isShortcut = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return false
    const key = event.key.toLowerCase()
    return key === 'k' || key === 'f' || event.code === 'KeyK' || event.code === 'KeyF'
  }
  // One character, not a shortcut (AltGr characters arrive with Ctrl and Alt held on Windows).
  const isCharacter = (event: KeyboardEvent) =>
    Array.from(event.key).length === 1 &&
    (!(event.ctrlKey || event.metaKey) || event.getModifierState('AltGraph'))
  const stopBuffering = () => {
    buffering = false
    text = ''
    enter = false
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.isComposing) return
    if (isShortcut(event)) {
      // Replaces the browser's own (the address bar, find in page), from anywhere on the page.
      swallow(event)
      // A second shortcut before the box is up keeps what was typed, as the box itself would.
      if (!(buffering || inSearchBox(event))) {
        stopBuffering()
        buffering = true
      }
      if (open) open()
      else pending = true
      return
    }
    if (!buffering || inSearchBox(event)) return
    if (event.key === 'Escape') {
      // The search is abandoned before it showed; Escape goes on to whatever else it closes.
      stopBuffering()
      pending = false
      return
    }
    if (enter) swallow(event)
    else if (event.key === 'Enter') {
      enter = true
      swallow(event)
    } else if (event.key === 'Backspace') {
      text = Array.from(text).slice(0, -1).join('')
      swallow(event)
    } else if (isCharacter(event)) {
      text += event.key
      swallow(event)
    }
  }
  // A click elsewhere means the user has moved on: keys are the page's again.
  const onPointerDown = (event: PointerEvent) => {
    if (buffering && !inSearchBox(event)) {
      stopBuffering()
      pending = false
    }
  }
  win.addEventListener('keydown', onKeyDown, true)
  win.addEventListener('pointerdown', onPointerDown, true)

  const keys: SearchKeys = {
    connect(handler) {
      open = handler
      if (pending) {
        pending = false
        handler()
      }
      return () => {
        if (open === handler) open = null
      }
    },
    take() {
      if (!buffering) return null
      const typed = { text, enter }
      stopBuffering()
      return typed
    },
  }
  slot[options.globalName] = keys
  return keys
}
