import {
  ERROR_MESSAGE_MAX,
  ERROR_STACK_MAX,
  type ErrorReportRequest,
  isIgnoredError,
  SITE_PATH_MAX,
} from '@ludex/schemas'

export const ERROR_REPORTS_PATH = '/api/errors'
/** Reports one page load sends at most: a render loop must not flood the endpoint (it is rate-limited too). */
export const ERROR_REPORTS_PER_PAGE = 10

export type SendReport = (report: ErrorReportRequest) => void

export const sendReport: SendReport = (report) => {
  void fetch(ERROR_REPORTS_PATH, {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(report),
  }).catch(() => undefined)
}

/** Text the server takes (safeText): no NUL, lone surrogates as U+FFFD, at most `max` characters. */
function clean(text: string, max: number): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what it removes
      .replace(/\u0000/g, '')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
      .slice(0, max)
  )
}

/** What was thrown, as a report: an Error's name, message and stack, or the value as text. */
export function describeThrown(
  thrown: unknown,
  fallbackMessage = '',
): Pick<ErrorReportRequest, 'name' | 'message' | 'stack'> {
  if (thrown instanceof Error) {
    return {
      name: clean(thrown.name, 100),
      message: clean(thrown.message || fallbackMessage, ERROR_MESSAGE_MAX),
      stack: clean(thrown.stack ?? '', ERROR_STACK_MAX),
    }
  }
  let message = fallbackMessage
  if (thrown !== undefined && thrown !== null) {
    try {
      message = typeof thrown === 'string' ? thrown : JSON.stringify(thrown)
    } catch {
      message = String(thrown)
    }
  }
  return { name: '', message: clean(message, ERROR_MESSAGE_MAX), stack: '' }
}

/**
 * Reports uncaught errors and unhandled rejections to Ludex's own endpoint (issue 18 point 6), with
 * the release the page was built from, except the TypeErrors part 2 §8 ignores (isIgnoredError, the
 * rule the server applies too). Each distinct error once per page load, ERROR_REPORTS_PER_PAGE at
 * most. Cross-origin "Script error." carries nothing to act on and is not sent. Returns the uninstall.
 */
export function installErrorReporter(options: {
  readonly release: string
  readonly target?: Pick<Window, 'addEventListener' | 'removeEventListener' | 'location'>
  readonly send?: SendReport
}): () => void {
  const target = options.target ?? window
  const send = options.send ?? sendReport
  const seen = new Set<string>()

  const report = (kind: ErrorReportRequest['kind'], thrown: unknown, fallbackMessage?: string) => {
    try {
      const described = describeThrown(thrown, fallbackMessage)
      if (isIgnoredError(described.name, described.message)) return
      if (!described.name && described.message === 'Script error.') return
      const key = `${described.name}\u0000${described.message}`
      if (seen.has(key) || seen.size >= ERROR_REPORTS_PER_PAGE) return
      seen.add(key)
      // The path and query, never the hash (it can carry tokens); control characters cannot be in it.
      const path = `${target.location.pathname}${target.location.search}`.slice(0, SITE_PATH_MAX)
      send({ kind, ...described, path: path.startsWith('/') ? path : '/', release: options.release })
    } catch {
      // The reporter must never be the next uncaught error.
    }
  }
  const onError = (event: ErrorEvent) => report('error', event.error, event.message)
  const onRejection = (event: PromiseRejectionEvent) => report('unhandledrejection', event.reason)
  target.addEventListener('error', onError)
  target.addEventListener('unhandledrejection', onRejection)
  return () => {
    target.removeEventListener('error', onError)
    target.removeEventListener('unhandledrejection', onRejection)
  }
}
