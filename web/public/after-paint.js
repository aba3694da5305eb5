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
  // The data preloads, then the module preloads, then the entry, a few elements per task: each link
  // starts a request as it goes in (ResourceFetcher: some 0.25 ms of a desktop core, four times that
  // on a phone, more while the network process competes for the cores), and a detail page lists some
  // 80 modules, so inserting them all at once is a long task on a phone. A task stops at 12 elements
  // or once it has run TASK_MS, whichever comes first; the next one follows through a message, which
  // unlike a chain of timeouts is never clamped to 4 ms.
  const PER_TASK = 12
  const TASK_MS = 4
  const insertInTasks = (elements) => {
    if (elements.length === 0) return
    let at = 0
    const channel = new MessageChannel()
    const insertSome = () => {
      const until = performance.now() + TASK_MS
      const first = at
      do {
        document.head.append(elements[at++])
      } while (at < elements.length && at - first < PER_TASK && performance.now() < until)
      if (at < elements.length) channel.port2.postMessage(null)
      else channel.port1.close()
    }
    channel.port1.onmessage = insertSome
    insertSome()
  }
  const start = () => {
    // ICU's start-up, in a thread of its own (warm-formatting.js): the app's first formatters then cost
    // the main thread next to nothing. Without workers the app pays it itself, as before.
    try {
      new Worker('/warm-formatting.js')
    } catch {}
    insertInTasks([
      ...list('data-fetch').map((href) =>
        element('link', { rel: 'preload', as: 'fetch', crossorigin: '', href }),
      ),
      ...list('data-modules').map((href) => element('link', { rel: 'modulepreload', crossorigin: '', href })),
      element('script', { type: 'module', crossorigin: '', src: script.getAttribute('data-entry') }),
    ])
  }
  // A frame callback runs once rendering is no longer blocked; the timeout lets that frame paint first.
  requestAnimationFrame(() => setTimeout(start, 0))
})()
