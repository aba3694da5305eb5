// No zod here: the web app's pages import it.

// The quotes as numeric references: Plotly's text markup reads those and only amp, lt and gt of the
// named ones (a marker's hover showed `&quot;` as written), and `&apos;` is not HTML 4's.
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&#34;',
  "'": '&#39;',
}

/**
 * Text made safe for HTML or XML (SVG, mail, Plotly's markup): as an element's text and inside a single-
 * or double-quoted attribute. One pass, so `&` is never escaped twice.
 */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c)
}

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/**
 * Markup's text read back as a parser reads it: the five named references and numeric ones (decimal
 * or hex); anything else is left as written. For reading markup into plain text (a chart's flag
 * titles) and for tests comparing what a browser shows with the text put in.
 */
export function unescapeMarkup(markup: string): string {
  return markup.replace(/&(#\d+|#[xX][\da-fA-F]+|amp|lt|gt|quot|apos);/g, (whole, ref: string) => {
    if (!ref.startsWith('#')) return NAMED[ref] ?? whole
    const code =
      ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10)
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })
}
