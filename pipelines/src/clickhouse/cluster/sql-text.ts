/*
 * Just enough reading of the migrations' SQL text to rewrite it for a cluster: comments, quotes and
 * nested parentheses are respected; everything else is left as written.
 */

/** The statement without the comment lines and blanks before its first keyword. */
export function withoutLeadingComments(statement: string): string {
  let s = statement.trimStart()
  while (s.startsWith('--') || s.startsWith('/*')) {
    const end = s.startsWith('--') ? s.indexOf('\n') : s.indexOf('*/') + 1
    s = end <= 0 ? '' : s.slice(end + 1).trimStart()
  }
  return s
}

/** Index just past the quoted run (', " or `) that starts at `i`. */
function skipQuoted(s: string, i: number): number {
  const q = s[i]
  let j = i + 1
  while (j < s.length && s[j] !== q) j += s[j] === '\\' ? 2 : 1
  return j + 1
}

/** Index of the parenthesis that closes the one at `open`, or -1. */
export function closingParen(s: string, open: number): number {
  let depth = 0
  for (let i = open; i < s.length; ) {
    const c = s[i]!
    if (c === "'" || c === '"' || c === '`') {
      i = skipQuoted(s, i)
      continue
    }
    if (c === '(') depth++
    else if (c === ')' && --depth === 0) return i
    i++
  }
  return -1
}

/** The text split at commas outside parentheses and quotes, each piece trimmed. */
export function splitTopLevel(s: string): string[] {
  const out: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < s.length; ) {
    const c = s[i]!
    if (c === "'" || c === '"' || c === '`') {
      i = skipQuoted(s, i)
      continue
    }
    if (c === '(') depth++
    else if (c === ')') depth--
    else if (c === ',' && depth === 0) {
      out.push(s.slice(start, i).trim())
      start = i + 1
    }
    i++
  }
  out.push(s.slice(start).trim())
  return out.filter((p) => p.length > 0)
}
