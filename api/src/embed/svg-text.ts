/*
 * Text inside an embed's SVG: names come from the platform and may hold anything (`<&"`, control
 * characters, emoji). Each is made valid XML 1.0 text and cut to a length; `escapeMarkup` of the schemas
 * escapes it.
 */

/** Characters XML 1.0 does not allow: C0 controls but tab and line ends, and U+FFFE/U+FFFF. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it removes.
const NOT_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g
/** A surrogate without its pair (not a character at all). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** The text without what XML cannot carry, runs of white space made one space. */
export function cleanText(text: string): string {
  return text.replace(NOT_XML_CHARS, '').replace(LONE_SURROGATE, '').replace(/\s+/g, ' ').trim()
}

/** At most `max` characters (code points, so an emoji is never cut in half), with an ellipsis when cut. */
export function truncateText(text: string, max: number): string {
  const chars = Array.from(text)
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
}
