import { z } from 'zod'

/**
 * Text that both databases and UTF-8 can carry: no NUL (PostgreSQL's text refuses it) and no lone
 * UTF-16 surrogate (it has no UTF-8 form; encoders swap it for U+FFFD, so two different inputs would
 * store, hash or compare the same). With the `u` flag a paired surrogate is one code point, outside
 * the class, so emoji pass.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what it refuses
export const SAFE_TEXT_PATTERN = /^[^\u0000\uD800-\uDFFF]*$/u

export const SAFE_TEXT_MESSAGE = 'must not contain NUL characters or unpaired surrogates'

export function isSafeText(s: string): boolean {
  return SAFE_TEXT_PATTERN.test(s)
}

/**
 * The string every request schema starts from (`safeText.max(100)`, `safeText.trim().regex(…)`): a
 * value that fails is a 400 naming its field, before any handler or database sees it. The pattern
 * is part of the OpenAPI document.
 */
export const safeText = z.string().regex(SAFE_TEXT_PATTERN, SAFE_TEXT_MESSAGE)
