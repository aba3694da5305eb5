import {
  COOKIES,
  IP_ADDRESS_RETENTION_DAYS,
  MIN_AGE,
  MIN_AGE_WITHOUT_CONSENT,
  TERMS_LIABILITY_CAP_EUR,
  VISIT_STATS_RETENTION_MONTHS,
} from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import { cookiePolicy } from './cookies.ts'
import { type Block, type LegalContext, type LegalDocument, lifetime, longDate } from './document.ts'
import { privacyPolicy } from './privacy.ts'
import { termsOfUse } from './terms.ts'

const context: LegalContext = { contactEmail: 'hello@ludex.example', sessionCookie: 'ludex_session' }

/** Everything a document says, as one string. */
function text(doc: LegalDocument): string {
  const block = (b: Block): string => {
    if (typeof b === 'string') return b
    if ('list' in b) return b.list.join(' ')
    if ('parts' in b) return b.parts.map((p) => (typeof p === 'string' ? p : p.label)).join('')
    return [b.table.caption, ...b.table.columns, ...b.table.rows.flat()].join(' ')
  }
  return [doc.title, ...doc.intro, ...doc.sections.flatMap((s) => [s.heading, ...s.blocks.map(block)])].join(
    ' ',
  )
}

describe('the terms of use (part 2 §2.16, §9)', () => {
  const doc = termsOfUse(context)
  const words = text(doc)

  it('take effect on 2025-03-12 and have 15 numbered sections', () => {
    expect(doc.dated).toEqual({ label: 'Effective', date: '2025-03-12' })
    expect(longDate(doc.dated.date)).toBe('12 March 2025')
    expect(doc.sections.map((s) => s.heading.split('.')[0])).toEqual(
      Array.from({ length: 15 }, (_, i) => String(i + 1)),
    )
  })

  it('state the payment, refund, liability, age and law facts', () => {
    expect(words).toContain('payment and subscription terms will be disclosed before purchase')
    expect(words).toContain('Subscription fees are non-refundable except where the law requires otherwise')
    expect(words).toContain(
      `${TERMS_LIABILITY_CAP_EUR} euros or the amount you paid us in the last 12 months, whichever is lower`,
    )
    expect(words).toContain(`at least ${MIN_AGE} years old`)
    expect(words).toContain(`under ${MIN_AGE_WITHOUT_CONSENT}`)
    expect(words).toContain('consent of a parent or guardian')
    expect(words).toContain('governed by Portuguese law')
    expect(words).toContain('hello@ludex.example')
    expect(words).toContain('Ludex')
  })
})

describe('the privacy policy (part 2 §2.16, §9)', () => {
  const doc = privacyPolicy(context)
  const words = text(doc)

  it('was last updated on 28 February 2025 and has 10 numbered sections', () => {
    expect(doc.dated.label).toBe('Last updated')
    expect(longDate(doc.dated.date)).toBe('28 February 2025')
    expect(doc.sections).toHaveLength(10)
    expect(doc.sections.at(-1)?.heading).toMatch(/^10\. /)
  })

  it('states the retention periods, the data area and the ages', () => {
    expect(words).toContain(`IP addresses are deleted after ${IP_ADDRESS_RETENTION_DAYS} days`)
    expect(words).toContain(`Visit statistics are kept for ${VISIT_STATS_RETENTION_MONTHS} months`)
    expect(words).toContain('kept until you request its deletion')
    expect(words).toContain('No personal data leaves the EEA')
    expect(words).toContain(`do not knowingly collect any information from children under ${MIN_AGE}`)
    expect(words).toContain(`Users under ${MIN_AGE_WITHOUT_CONSENT} need the consent of a parent or guardian`)
  })

  it('names no contact address when none is configured', () => {
    expect(text(privacyPolicy({ ...context, contactEmail: null }))).not.toContain('@')
  })
})

describe('the cookie policy (part 2 §9)', () => {
  it('lists each cookie the site sets with its lifetime: session 1 year, analytics 1 year, single sign-on 1 week', () => {
    const table = cookiePolicy({ ...context, sessionCookie: 'sid' })
      .sections.flatMap((s) => s.blocks)
      .find((b): b is Extract<Block, { table: unknown }> => typeof b === 'object' && 'table' in b)
    const rows = table?.table.rows.map((r) => [r[0], r.at(-1)])
    expect(rows).toEqual([
      ['sid', '1 year'],
      [COOKIES.analytics.name, '1 year'],
      [COOKIES.ssoState.name, '1 week'],
    ])
  })

  it('writes lifetimes in words', () => {
    expect([lifetime(365), lifetime(730), lifetime(7), lifetime(14), lifetime(1), lifetime(30)]).toEqual([
      '1 year',
      '2 years',
      '1 week',
      '2 weeks',
      '1 day',
      '30 days',
    ])
  })
})
