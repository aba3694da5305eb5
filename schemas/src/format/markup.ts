// No zod here: the web app's pages import it.

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  // Numeric: `&apos;` is XML's and HTML5's but not HTML 4's, and Plotly's text reads numeric references.
  "'": '&#39;',
}

/**
 * Text made safe for HTML or XML (SVG, mail, Plotly's markup): as an element's text and inside a single-
 * or double-quoted attribute. One pass, so `&` is never escaped twice.
 */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c)
}
