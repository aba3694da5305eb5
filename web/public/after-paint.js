// Server-rendered pages only (api/src/static/server-render.ts puts this script there): the page is
// already drawn, so the app's JavaScript and the shell's data are fetched once it has painted instead
// of competing with the stylesheets for a slow connection. The entry, its module preloads and the data
// preloads are the ones index.html would have listed, moved into data attributes.
;(() => {
  const script = document.currentScript
  if (!script) return
  const list = (name) => (script.getAttribute(name) || '').split(' ').filter(Boolean)
  // One insertion into the head for all of them: each insertion is work of its own for the browser.
  const added = document.createDocumentFragment()
  const add = (tag, attributes) => {
    const el = document.createElement(tag)
    for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v)
    added.appendChild(el)
  }
  const start = () => {
    for (const href of list('data-fetch')) add('link', { rel: 'preload', as: 'fetch', crossorigin: '', href })
    for (const href of list('data-modules')) add('link', { rel: 'modulepreload', crossorigin: '', href })
    add('script', { type: 'module', crossorigin: '', src: script.getAttribute('data-entry') })
    document.head.appendChild(added)
  }
  // A frame callback runs once rendering is no longer blocked; the timeout lets that frame paint first.
  requestAnimationFrame(() => setTimeout(start, 0))
})()
