/**
 * The shape of a legal page's text (part 2 §2.16): a title, a dated line, an introduction and numbered
 * sections of paragraphs, lists and (the cookie policy) a table. The words are in terms.ts, privacy.ts
 * and cookies.ts; the facts they state come from @ludex/schemas (legal.ts), which the code keeping
 * them (the retention job, the cookies' lifetimes) uses too.
 */
export type Block =
  | string
  /** A paragraph with links to the other pages. */
  | { readonly parts: readonly (string | { readonly label: string; readonly to: string })[] }
  | { readonly list: readonly string[] }
  | {
      readonly table: {
        readonly caption: string
        readonly columns: readonly string[]
        readonly rows: readonly (readonly string[])[]
      }
    }

export interface LegalSection {
  readonly heading: string
  readonly blocks: readonly Block[]
}

export interface LegalDocument {
  readonly title: string
  readonly description: string
  /** 'Effective' or 'Last updated', then the date. */
  readonly dated: { readonly label: string; readonly date: string }
  readonly intro: readonly string[]
  readonly sections: readonly LegalSection[]
}

/** What the texts need from the server's configuration (GET /api/site). */
export interface LegalContext {
  /** The feedback mail address, or null when none is configured. */
  readonly contactEmail: string | null
  /** The session cookie's configured name. */
  readonly sessionCookie: string
}

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

/** '2025-03-12' → '12 March 2025', the same wherever the page is drawn. */
export function longDate(isoDate: string): string {
  return dateFormat.format(new Date(`${isoDate}T00:00:00Z`))
}

/** A cookie's lifetime in words: '1 year', '1 week', '30 days'. */
export function lifetime(days: number): string {
  if (days % 365 === 0) return plural(days / 365, 'year')
  if (days % 7 === 0) return plural(days / 7, 'week')
  return plural(days, 'day')
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`

/** How to reach the operator: the feedback address when there is one. */
export function contactLine(context: LegalContext): string {
  return context.contactEmail
    ? `write to ${context.contactEmail}`
    : 'contact the operator of this Ludex site through the address it publishes'
}
