import { describe, expect, it } from 'vitest'
import { formatLogLine } from './log-format.ts'
import { createLogger } from './logger.ts'

/** A destination that records what the logger writes, as a terminal (isTTY) or a pipe would receive it. */
function capture(isTTY: boolean) {
  const written: string[] = []
  return { written, destination: { isTTY, write: (text: string) => void written.push(text) } }
}

describe('the log on a terminal and elsewhere', () => {
  const secret = { email: 'hester.quill@example.com', password: 'pw-Terminal-9xq' }

  it('is readable on a terminal, with the fields after the message and the secrets still redacted', () => {
    const { written, destination } = capture(true)
    const logger = createLogger({ LOG_LEVEL: 'info' }, destination, { NO_COLOR: '1' })
    logger.child({ component: 'api' }).info({ url: 'http://127.0.0.1:8080', ...secret }, 'api listening')
    expect(written).toHaveLength(1)
    const line = written[0]!
    expect(line).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}\[api\] api listening /)
    expect(line).toContain('url=http://127.0.0.1:8080')
    expect(line).toContain('email=[redacted]')
    expect(line).toContain('password=[redacted]')
    for (const value of Object.values(secret)) expect(line).not.toContain(value)
    expect(line).not.toContain('{"level"')
    expect(line.endsWith('\n')).toBe(true)
  })

  it('is pino JSON when not a terminal, redacted the same way', () => {
    const { written, destination } = capture(false)
    const logger = createLogger({ LOG_LEVEL: 'info' }, destination, {})
    logger.child({ component: 'api' }).info({ url: 'http://127.0.0.1:8080', ...secret }, 'api listening')
    const entry = JSON.parse(written.join('')) as Record<string, unknown>
    expect(entry).toMatchObject({
      level: 30,
      component: 'api',
      msg: 'api listening',
      url: 'http://127.0.0.1:8080',
      email: '[redacted]',
      password: '[redacted]',
    })
  })

  it('colours the level on a terminal unless NO_COLOR is set', () => {
    const coloured = capture(true)
    createLogger({ LOG_LEVEL: 'info' }, coloured.destination, {}).warn('slow poll')
    expect(coloured.written[0]).toContain('\u001b[33mWARN \u001b[0m')
    const plain = capture(true)
    createLogger({ LOG_LEVEL: 'info' }, plain.destination, { NO_COLOR: '1' }).warn('slow poll')
    expect(plain.written[0]).not.toContain('\u001b[')
  })

  it('shows an error’s stack on the lines below, indented, with what else it carries', () => {
    const { written, destination } = capture(true)
    const err = Object.assign(new Error('store unreachable'), { code: 'ECONNREFUSED' })
    createLogger({ LOG_LEVEL: 'info' }, destination, { NO_COLOR: '1' }).error({ err }, 'sink batch failed')
    const [head, ...stack] = written[0]!.trimEnd().split('\n')
    expect(head).toMatch(/ERROR sink batch failed err=\{"code":"ECONNREFUSED"\}$/)
    expect(stack[0]).toBe('    Error: store unreachable')
    expect(stack.length).toBeGreaterThan(1)
    expect(stack.every((l) => l.startsWith('    '))).toBe(true)
  })
})

describe('formatLogLine', () => {
  const plain = { color: false }

  it('quotes values with spaces and shows objects as JSON', () => {
    const line = formatLogLine(
      JSON.stringify({
        level: 30,
        time: 0,
        msg: 'roles started',
        note: 'two words',
        wiring: { bus: 'kafka' },
      }),
      plain,
    )
    expect(line).toContain('roles started note="two words" wiring={"bus":"kafka"}')
  })

  it('passes a line that is not JSON on unchanged', () => {
    expect(formatLogLine('not json', plain)).toBe('not json\n')
  })
})
