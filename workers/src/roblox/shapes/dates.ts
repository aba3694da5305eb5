import { z } from 'zod'

/**
 * ISO-8601 date-times as upstream writes them (roblox-api.md §0, §16): `Z`, `+00:00` or a local offset
 * such as `-05:00`, any number of fraction digits (2 to 7 are seen), a space or `T` between date and
 * time. A time without an offset is UTC, as every Roblox host means it (Date.parse would read it as
 * local time). Fractions beyond milliseconds are truncated.
 */
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/

/** Epoch milliseconds of an upstream date-time, or null when the text is not one. */
export function parseUpstreamDate(text: string): number | null {
  const m = ISO_DATE_TIME.exec(text.trim())
  if (!m) return null
  const [, y, mo, d, h, mi, s = '0', fraction = '', zone = 'Z'] = m
  const ms = Number(fraction.slice(0, 3).padEnd(3, '0'))
  const local = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms)
  if (Number.isNaN(local)) return null
  // Date.UTC rolls 2024-02-31 over to March: refuse such dates instead of shifting them.
  const check = new Date(local)
  if (check.getUTCDate() !== Number(d) || check.getUTCMonth() !== Number(mo) - 1) return null
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 60) return null
  return local - offsetMinutes(zone) * 60_000
}

function offsetMinutes(zone: string): number {
  if (zone === 'Z' || zone === 'z') return 0
  const sign = zone.startsWith('-') ? -1 : 1
  const digits = zone.slice(1).replace(':', '')
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0'))
}

/** An upstream date-time field, read into epoch milliseconds; anything unreadable fails the shape. */
export const upstreamDate = z.string().transform((text, ctx) => {
  const ms = parseUpstreamDate(text)
  if (ms === null) {
    ctx.addIssue({
      code: 'custom',
      message: `not an ISO-8601 date-time: ${JSON.stringify(text.slice(0, 40))}`,
    })
    return z.NEVER
  }
  return ms
})
