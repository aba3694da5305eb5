import type { ErrorReportRequest } from '@ludex/schemas'
import { afterEach, describe, expect, it } from 'vitest'
import { ERROR_REPORTS_PER_PAGE, installErrorReporter } from './error-reporter.ts'

function harness() {
  const sent: ErrorReportRequest[] = []
  const target = Object.assign(new EventTarget(), {
    location: { pathname: '/experiences/920587237', search: '?x=1', hash: '#token=secret' },
  })
  const uninstall = installErrorReporter({
    release: '0.1.0+abc',
    target: target as unknown as Window,
    send: (r) => sent.push(r),
  })
  const error = (thrown: unknown, message = '') => {
    const event = new Event('error') as Event & { error: unknown; message: string }
    event.error = thrown
    event.message = message
    target.dispatchEvent(event)
  }
  const rejection = (reason: unknown) => {
    const event = new Event('unhandledrejection') as Event & { reason: unknown }
    event.reason = reason
    target.dispatchEvent(event)
  }
  return { sent, error, rejection, uninstall }
}

describe('the error reporter', () => {
  let uninstall: (() => void) | null = null
  afterEach(() => uninstall?.())

  it('reports an uncaught error with its release and page (never the hash)', () => {
    const h = harness()
    uninstall = h.uninstall
    const thrown = new RangeError('Invalid time value')
    h.error(thrown, 'Uncaught RangeError: Invalid time value')
    expect(h.sent).toEqual([
      {
        kind: 'error',
        name: 'RangeError',
        message: 'Invalid time value',
        stack: thrown.stack,
        path: '/experiences/920587237?x=1',
        release: '0.1.0+abc',
      },
    ])
  })

  it('reports unhandled rejections, thrown values that are not Errors too', () => {
    const h = harness()
    uninstall = h.uninstall
    h.rejection(new Error('load went wrong'))
    h.rejection({ status: 500 })
    expect(h.sent.map((r) => [r.kind, r.name, r.message])).toEqual([
      ['unhandledrejection', 'Error', 'load went wrong'],
      ['unhandledrejection', '', '{"status":500}'],
    ])
  })

  it('drops the TypeErrors part 2 §8 ignores, and nothing else', () => {
    const h = harness()
    uninstall = h.uninstall
    h.rejection(new TypeError('Failed to fetch'))
    h.rejection(new TypeError('Load failed'))
    h.error(new TypeError('The operation was aborted. '))
    h.rejection(new TypeError("Cannot read properties of undefined (reading 'name')"))
    h.rejection(new Error('Failed to fetch'))
    expect(h.sent.map((r) => `${r.name}: ${r.message}`)).toEqual([
      "TypeError: Cannot read properties of undefined (reading 'name')",
      'Error: Failed to fetch',
    ])
  })

  it('sends each error once per page, at most a few, and no cross-origin "Script error."', () => {
    const h = harness()
    uninstall = h.uninstall
    h.error(null, 'Script error.')
    for (let i = 0; i < 3; i++) h.error(new Error('same'))
    for (let i = 0; i < ERROR_REPORTS_PER_PAGE + 5; i++) h.error(new Error(`distinct ${i}`))
    expect(h.sent).toHaveLength(ERROR_REPORTS_PER_PAGE)
    expect(h.sent.filter((r) => r.message === 'same')).toHaveLength(1)
  })

  it('sends text the server takes: no NUL, no lone surrogate', () => {
    const h = harness()
    uninstall = h.uninstall
    h.error(new Error('bad\u0000text \uD800 end'))
    expect(h.sent[0]?.message).toBe('badtext \uFFFD end')
  })
})
