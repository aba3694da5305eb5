import { describe, expect, it } from 'vitest'
import { capSsoStateCookie } from './google-identity.ts'

/** A document whose cookie jar is a string, recording what is written to it. */
function cookieDocument(jar: string, protocol = 'http:') {
  const writes: string[] = []
  const doc = {
    location: { protocol },
    get cookie() {
      return jar
    },
    set cookie(value: string) {
      writes.push(value)
    },
  }
  return { doc: doc as unknown as Document, writes }
}

describe('capSsoStateCookie', () => {
  it('writes Google’s g_state back, same value, for one week', () => {
    const { doc, writes } = cookieDocument('a=1; g_state={"i_l":0}; b=2')
    capSsoStateCookie(doc)
    expect(writes).toEqual(['g_state={"i_l":0}; Path=/; Max-Age=604800; SameSite=Lax'])
  })

  it('is Secure over https, and writes nothing when Google set no cookie', () => {
    const secure = cookieDocument('g_state=x', 'https:')
    capSsoStateCookie(secure.doc)
    expect(secure.writes[0]).toMatch(/; Secure$/)
    const none = cookieDocument('xg_state=1; other=2')
    capSsoStateCookie(none.doc)
    expect(none.writes).toEqual([])
  })
})
