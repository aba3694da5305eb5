/**
 * Readable log lines for a person at a terminal (`make run`): pino's JSON line, already redacted by the
 * logger (redaction happens before a line is written, whichever way it is then shown), rewritten as
 * `12:04:05.123 INFO  [api] api listening url=http://…`, with an error's stack on the lines below.
 * Only the look changes: every field of the JSON line is still there.
 */

/** pino's numeric levels and how a terminal shows them (ANSI colours when wanted). */
const LEVELS: Readonly<Record<number, { readonly name: string; readonly color: string }>> = {
  10: { name: 'TRACE', color: '90' },
  20: { name: 'DEBUG', color: '36' },
  30: { name: 'INFO', color: '32' },
  40: { name: 'WARN', color: '33' },
  50: { name: 'ERROR', color: '31' },
  60: { name: 'FATAL', color: '35' },
}
/** Fields shown in the line's head, or the same on every line (pino's own), so not repeated as key=value. */
const HEAD_FIELDS = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'service', 'component'])

export interface LogFormatOptions {
  /** ANSI colours (a terminal that did not ask for NO_COLOR). */
  readonly color: boolean
}

/** One JSON log line as a readable line; a line that is not a JSON object is passed on as it is. */
export function formatLogLine(line: string, options: LogFormatOptions): string {
  let entry: unknown
  try {
    entry = JSON.parse(line)
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`
  }
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return `${line.trimEnd()}\n`
  const fields = entry as Record<string, unknown>
  const paint = (code: string, text: string) => (options.color ? `\u001b[${code}m${text}\u001b[0m` : text)
  const level = LEVELS[Number(fields.level)] ?? {
    name: String(fields.level ?? 'LOG').toUpperCase(),
    color: '0',
  }
  const time = typeof fields.time === 'number' ? clock(fields.time) : ''
  const head = [
    time && paint('90', time),
    paint(level.color, level.name.padEnd(5)),
    typeof fields.component === 'string' ? paint('36', `[${fields.component}]`) : '',
    typeof fields.msg === 'string' ? fields.msg : '',
  ].filter((part) => part !== '')
  const stacks: string[] = []
  const rest: string[] = []
  for (const [key, value] of Object.entries(fields)) {
    if (HEAD_FIELDS.has(key)) continue
    const stack = errorStack(value)
    if (stack) {
      stacks.push(stack)
      // The stack's first line names the type and message; anything else the error carries stays.
      const { stack: _, message: __, type: ___, ...more } = value as Record<string, unknown>
      if (Object.keys(more).length > 0) rest.push(`${paint('90', `${key}=`)}${shown(more)}`)
      continue
    }
    rest.push(`${paint('90', `${key}=`)}${shown(value)}`)
  }
  const body = [...head, ...rest].join(' ')
  const below = stacks.map((s) => `\n${s.replace(/^/gm, '    ')}`).join('')
  return `${body}${below}\n`
}

/** A writable for pino that shows each line readably on `out` (the terminal). */
export function readableLogStream(
  out: { write(text: string): unknown },
  options: LogFormatOptions,
): { write(line: string): void } {
  return {
    write(chunk: string) {
      // pino writes one line per call; split all the same, in case a caller hands over several.
      for (const line of chunk.split('\n')) if (line !== '') out.write(formatLogLine(line, options))
    },
  }
}

/** Local time of day with milliseconds: a run's log is read the day it is written. */
function clock(epochMs: number): string {
  const d = new Date(epochMs)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`
}

function shown(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) || value === '' ? JSON.stringify(value) : value
  return JSON.stringify(value) ?? String(value)
}

/** The stack of a serialised error (pino's `err` serializer: type, message, stack), if it is one. */
function errorStack(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null
  const stack = (value as { stack?: unknown }).stack
  return typeof stack === 'string' && stack !== '' ? stack : null
}
