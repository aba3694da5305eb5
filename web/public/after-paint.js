// Server-rendered pages only (api/src/static/server-render.ts puts this script there): the page is
// already drawn, so the app's JavaScript and the shell's data are fetched once it has painted instead
// of competing with the stylesheets for a slow connection. The entry, its module preloads and the data
// preloads are the ones index.html would have listed, moved into data attributes.
;(() => {
  const script = document.currentScript
  if (!script) return
  const list = (name) => (script.getAttribute(name) || '').split(' ').filter(Boolean)
  const element = (tag, attributes) => {
    const el = document.createElement(tag)
    for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v)
    return el
  }
  // The data preloads, the module preloads and the entry each go in with one insertion, in a task of
  // its own: inserting them all at once is a long task on a phone.
  const start = () => {
    document.head.append(
      ...list('data-fetch').map((href) =>
        element('link', { rel: 'preload', as: 'fetch', crossorigin: '', href }),
      ),
    )
    setTimeout(() => {
      document.head.append(
        ...list('data-modules').map((href) =>
          element('link', { rel: 'modulepreload', crossorigin: '', href }),
        ),
      )
      setTimeout(() => {
        document.head.append(
          element('script', { type: 'module', crossorigin: '', src: script.getAttribute('data-entry') }),
        )
      }, 0)
    }, 0)
  }
  // A frame callback runs once rendering is no longer blocked; the timeout lets that frame paint first.
  requestAnimationFrame(() => setTimeout(start, 0))
})()
