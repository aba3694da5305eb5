import { UPDATE_JUST_AFTER_LOAD_MS } from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import { createUpdateStore, UPDATE_TEXT, updateMessage } from './update-store.ts'

describe('the update dialog’s message', () => {
  it('says released while you were away within 10 s of the page load, available after', () => {
    expect(updateMessage(0)).toBe(UPDATE_TEXT.whileAway)
    expect(updateMessage(UPDATE_JUST_AFTER_LOAD_MS)).toBe(UPDATE_TEXT.whileAway)
    expect(updateMessage(UPDATE_JUST_AFTER_LOAD_MS + 1)).toBe(UPDATE_TEXT.available)
    expect(updateMessage(300_000)).toBe(UPDATE_TEXT.available)
  })
})

describe('the update store', () => {
  it('holds the latest offer and tells its listeners', () => {
    const store = createUpdateStore()
    const seen: (number | undefined)[] = []
    const stop = store.subscribe(() => seen.push(store.current()?.readyAtMs))
    expect(store.current()).toBeNull()
    store.offer({ readyAtMs: 12, apply() {} })
    store.offer({ readyAtMs: 34, apply() {} })
    stop()
    store.offer({ readyAtMs: 56, apply() {} })
    expect(seen).toEqual([12, 34])
    expect(store.current()?.readyAtMs).toBe(56)
  })
})
