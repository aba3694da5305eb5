// Sets the colour scheme before React renders so a dark-mode reader never sees a light flash.
// A file rather than an inline script: the Content-Security-Policy allows only script-src 'self'.
// Mirrors Mantine's localStorage colour scheme manager (key 'mantine-color-scheme-value').
;(() => {
  let value = 'auto'
  try {
    value = window.localStorage.getItem('mantine-color-scheme-value') || 'auto'
  } catch {
    // Storage can be blocked; fall back to the system preference.
  }
  if (value !== 'light' && value !== 'dark') {
    value = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', value)
  document.documentElement.style.colorScheme = value
})()
