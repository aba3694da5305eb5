import { SIGNUP_CALLOUT_DISMISS_DAYS } from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import {
  CALLOUT_DISMISSED_KEY,
  calloutDismissed,
  calloutHiddenOn,
  readDismissal,
  storeDismissal,
} from './callout.ts'

const DAY = 86_400_000

describe('the callout’s dismissal', () => {
  const now = Date.UTC(2025, 5, 1, 12)

  it('holds for 30 days after it was made, not a moment longer', () => {
    expect(SIGNUP_CALLOUT_DISMISS_DAYS).toBe(30)
    const at = String(now - 30 * DAY)
    expect(calloutDismissed(String(now), now)).toBe(true)
    expect(calloutDismissed(String(now - 29 * DAY), now)).toBe(true)
    expect(calloutDismissed(at, now - 1)).toBe(true)
    expect(calloutDismissed(at, now)).toBe(false)
  })

  it('counts nothing or an unreadable value as not dismissed', () => {
    expect(calloutDismissed(null, now)).toBe(false)
    expect(calloutDismissed('yesterday', now)).toBe(false)
    expect(calloutDismissed('', now)).toBe(false)
  })

  it('is stored with its time and read back', () => {
    const kept = new Map<string, string>()
    const storage = {
      getItem: (k: string) => kept.get(k) ?? null,
      setItem: (k: string, v: string) => kept.set(k, v),
    }
    storeDismissal(storage, now)
    expect(kept.get(CALLOUT_DISMISSED_KEY)).toBe(String(now))
    expect(calloutDismissed(readDismissal(storage), now + DAY)).toBe(true)
    const refusing = {
      getItem: (): string => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('denied')
      },
    }
    expect(readDismissal(refusing)).toBeNull()
    expect(() => storeDismissal(refusing, now)).not.toThrow()
  })
})

describe('where the callout hides', () => {
  it('on sign-in, sign-up and the legal pages only', () => {
    for (const path of [
      '/sign-in',
      '/sign-up',
      '/sign-up/',
      '/terms-of-use',
      '/privacy-policy',
      '/cookie-policy/',
    ]) {
      expect(calloutHiddenOn(path), path).toBe(true)
    }
    for (const path of ['/', '/overview', '/experiences/1', '/sign-in-help', '/settings', '/terms']) {
      expect(calloutHiddenOn(path), path).toBe(false)
    }
  })
})
