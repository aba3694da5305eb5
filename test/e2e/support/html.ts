/** Text as React's server renderer writes it into HTML (its escapeTextForBrowser), to find it in a page. */
export function asReactWritesText(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
}
