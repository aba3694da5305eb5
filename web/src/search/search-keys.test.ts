import { afterEach, describe, expect, it } from 'vitest'
import { installSearchKeys, SEARCH_KEYS, type SearchKeys } from './search-keys.ts'

type PageWindow = Window & typeof globalThis

/** A window of its own for each test (an iframe's), as each page has its own buffer. */
function freshWindow(): PageWindow {
  const frame = document.createElement('iframe')
  document.body.append(frame)
  return frame.contentWindow as PageWindow
}

interface Page {
  readonly win: PageWindow
  readonly keys: SearchKeys
  readonly box: HTMLInputElement
  /** How many times the app was asked to open the search. */
  readonly opened: () => number
  /** Dispatches a keydown as the browser does; answers whether the page's default action was prevented. */
  readonly press: (key: string, init?: KeyboardEventInit, target?: EventTarget) => boolean
  readonly type: (text: string) => void
  readonly click: (target: EventTarget) => void
}

function page({ connect = true } = {}): Page {
  const win = freshWindow()
  const keys = installSearchKeys(win, SEARCH_KEYS)
  let count = 0
  if (connect)
    keys.connect(() => {
      count += 1
    })
  const box = win.document.createElement('input')
  box.setAttribute(SEARCH_KEYS.inputAttribute, '')
  win.document.body.append(box)
  const press = (key: string, init: KeyboardEventInit = {}, target: EventTarget = win.document.body) => {
    const event = new win.KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init })
    target.dispatchEvent(event)
    return event.defaultPrevented
  }
  return {
    win,
    keys,
    box,
    opened: () => count,
    press,
    type: (text) => {
      for (const key of Array.from(text)) press(key)
    },
    click: (target) => target.dispatchEvent(new win.MouseEvent('pointerdown', { bubbles: true })),
  }
}

afterEach(() => {
  document.body.replaceChildren()
})

describe('the global search keystroke buffer', () => {
  it('keeps what is typed after Ctrl+K until the box takes it, Enter included', () => {
    const { keys, opened, press, type } = page()
    expect(press('k', { ctrlKey: true })).toBe(true)
    expect(opened()).toBe(1)
    type('Rainbow')
    expect(press('Enter')).toBe(true)
    // Keys after Enter are not the search's text.
    type('zz')
    expect(keys.take()).toEqual({ text: 'Rainbow', enter: true })
    // Taken once: the box has the keys now.
    expect(keys.take()).toBeNull()
    expect(press('a')).toBe(false)
  })

  it('opens on Cmd+K and Ctrl/Cmd+F too, whatever the layout calls the key', () => {
    const { opened, press } = page()
    press('K', { metaKey: true })
    press('f', { ctrlKey: true })
    press('к', { ctrlKey: true, code: 'KeyK' })
    expect(opened()).toBe(3)
    // Not with Shift or Alt held, nor a plain letter.
    press('k', { ctrlKey: true, shiftKey: true })
    press('k', { ctrlKey: true, altKey: true })
    press('k')
    expect(opened()).toBe(3)
  })

  it('leaves keys alone until a shortcut, and lets them through to the page', () => {
    const { keys, press } = page()
    expect(press('a')).toBe(false)
    expect(keys.take()).toBeNull()
  })

  it('Backspace removes the last character (a whole emoji), a second shortcut keeps the text', () => {
    const { keys, press, type } = page()
    press('k', { ctrlKey: true })
    type('ab😀')
    press('Backspace')
    press('k', { ctrlKey: true })
    type('c')
    expect(keys.take()).toEqual({ text: 'abc', enter: false })
  })

  it('keeps shifted and AltGr characters and the space; skips other shortcuts and named keys', () => {
    const { keys, press } = page()
    press('k', { ctrlKey: true })
    press('R', { shiftKey: true })
    press(' ')
    press('@', { ctrlKey: true, altKey: true, modifierAltGraph: true })
    expect(press('c', { ctrlKey: true })).toBe(false)
    expect(press('ArrowLeft')).toBe(false)
    press('Tab')
    expect(keys.take()).toEqual({ text: 'R @', enter: false })
  })

  it('Escape and a click elsewhere end it; keys are the page’s again', () => {
    const { keys, box, press, type, click, win } = page()
    press('k', { ctrlKey: true })
    type('abc')
    expect(press('Escape')).toBe(false)
    expect(keys.take()).toBeNull()

    press('k', { ctrlKey: true })
    type('abc')
    // A click in the search box itself keeps the buffer for it.
    click(box)
    click(win.document.body)
    expect(press('d')).toBe(false)
    expect(keys.take()).toBeNull()
  })

  it('never buffers keys typed in the search box itself', () => {
    const { keys, box, opened, press } = page()
    expect(press('k', { ctrlKey: true }, box)).toBe(true)
    expect(opened()).toBe(1)
    expect(press('a', {}, box)).toBe(false)
    expect(keys.take()).toBeNull()
  })

  it('a shortcut pressed before the app connects opens the search when it does', () => {
    const { keys, press, type } = page({ connect: false })
    press('k', { ctrlKey: true })
    type('abc')
    let opened = 0
    const disconnect = keys.connect(() => {
      opened += 1
    })
    expect(opened).toBe(1)
    expect(keys.take()).toEqual({ text: 'abc', enter: false })
    disconnect()
    press('k', { ctrlKey: true })
    expect(opened).toBe(1)
  })

  it('is installed once per window: the app finds the head script’s buffer', () => {
    const { win, keys } = page()
    expect(installSearchKeys(win, SEARCH_KEYS)).toBe(keys)
  })

  it('runs from its own source, as the head script does (it refers to nothing outside itself)', () => {
    const win = freshWindow()
    const script = new Function(
      'window',
      'options',
      `return (${installSearchKeys.toString()})(window, options)`,
    )
    const keys = script(win, SEARCH_KEYS) as SearchKeys
    expect(installSearchKeys(win, SEARCH_KEYS)).toBe(keys)
    const event = new win.KeyboardEvent('keydown', {
      key: 'k',
      ctrlKey: true,
      bubbles: true,
      cancelable: true,
    })
    win.document.body.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    for (const key of 'xyz')
      win.document.body.dispatchEvent(new win.KeyboardEvent('keydown', { key, bubbles: true }))
    expect(keys.take()).toEqual({ text: 'xyz', enter: false })
  })
})
