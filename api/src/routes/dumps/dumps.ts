import { createReadStream } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import {
  dumpList,
  HOURLY_DUMP_COLUMNS,
  HOURLY_DUMP_FILE_PATTERN,
  HOURLY_DUMPS_DIR,
  hourlyDumpUrl,
  UNSIGNED_HISTORY_DAYS,
} from '@ludex/schemas'
import { z } from 'zod'
import type { ApiDeps } from '../../deps.ts'
import { ApiError } from '../../http/api-error.ts'
import { defineRoute } from '../../http/route.ts'
import { visitorHistoryStart } from '../../viewer/history-window.ts'
import type { Viewer } from '../../viewer/viewer.ts'

/*
 * The daily bulk dumps (issue 21.4): files the `hourly-dump` job writes under LUDEX_DATA_DIR/dumps,
 * listed and served here. Visitors get the days of the 30-day window (the same rule as every dated
 * answer: the first UTC day that starts at or after now − 30 days); a session or an API key, every day.
 */

const GZIP = 'application/gzip'

/** The first day a visitor may download (epoch ms of its start), or null for a signed-in caller. */
const visitorFirstDay = (viewer: Viewer, deps: ApiDeps) => visitorHistoryStart(viewer, deps.now(), 'date')

const dayStartMs = (day: string) => Date.parse(`${day}T00:00:00Z`)

async function hourlyDays(deps: ApiDeps): Promise<{ day: string; bytes: number }[]> {
  if (!deps.dumpsDir) return []
  const dir = join(deps.dumpsDir, HOURLY_DUMPS_DIR)
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[]
    throw err
  })
  const days = []
  for (const name of names) {
    const day = HOURLY_DUMP_FILE_PATTERN.exec(name)?.[1]
    if (!day) continue
    const info = await stat(join(dir, name)).catch(() => null)
    if (info?.isFile()) days.push({ day, bytes: info.size })
  }
  return days.sort((a, b) => (a.day < b.day ? 1 : -1))
}

export const dumpListRoute = defineRoute({
  method: 'GET',
  path: '/api/dumps',
  resource: 'dumps',
  summary: 'The daily bulk dumps of hourly rollups',
  description:
    'Every day at 01:10 UTC the previous UTC day’s hourly rollups of every experience are written as ' +
    'one gzip CSV (a header row, then one row per experience and hour). Lists them newest first with ' +
    `their address and size, and the CSV's columns. Visitors see the dumps of the last ${UNSIGNED_HISTORY_DAYS} ` +
    'days (visitor_from is the first day they may download); a session or an API key sees every day.',
  response: dumpList,
  maxAgeSeconds: 300,
  handler: async ({ viewer, deps }) => {
    const first = visitorFirstDay(viewer, deps)
    const days = (await hourlyDays(deps)).filter((d) => first === null || dayStartMs(d.day) >= first)
    return {
      hourly: days.map((d) => ({ date: d.day, url: hourlyDumpUrl(d.day), bytes: d.bytes })),
      columns: [...HOURLY_DUMP_COLUMNS],
      visitor_from: first === null ? null : new Date(first).toISOString().slice(0, 10),
    }
  },
})

export const hourlyDumpRoute = defineRoute({
  method: 'GET',
  path: '/api/dumps/hourly/{file}',
  resource: 'dumps',
  summary: 'One day’s hourly rollups of every experience, gzip CSV',
  description:
    'The file is `{date}.csv.gz` (date a UTC day, YYYY-MM-DD), answered as application/gzip (never ' +
    'JSON) for download. A day not dumped (yet) is a 404; a day before the visitor window ' +
    `(${UNSIGNED_HISTORY_DAYS} days) is a 401 without a session or an API key. A dump is written once ` +
    'and never changes: cached a day.',
  params: z.object({
    file: z.string().regex(HOURLY_DUMP_FILE_PATTERN, 'must be a dump file name: YYYY-MM-DD.csv.gz'),
  }),
  // Never JSON: the 200 is the file (GZIP); the schema only names what the file is.
  response: z.string().describe('The gzip CSV file'),
  alternativeContentTypes: [GZIP],
  errors: [404],
  maxAgeSeconds: 86_400,
  handler: async ({ params, viewer, deps }) => {
    const day = HOURLY_DUMP_FILE_PATTERN.exec(params.file)?.[1] as string
    const first = visitorFirstDay(viewer, deps)
    if (first !== null && dayStartMs(day) < first) {
      throw new ApiError(
        401,
        'unauthenticated',
        `Dumps older than ${UNSIGNED_HISTORY_DAYS} days need a session or an API key`,
      )
    }
    const path = deps.dumpsDir && join(deps.dumpsDir, HOURLY_DUMPS_DIR, params.file)
    const info = path ? await stat(path).catch(() => null) : null
    if (!path || !info?.isFile()) throw ApiError.notFound(`No hourly dump for ${day}`)
    return {
      kind: 'raw',
      contentType: GZIP,
      body: createReadStream(path),
      headers: {
        'Content-Length': String(info.size),
        'Content-Disposition': `attachment; filename="ludex-hourly-${params.file}"`,
      },
    }
  },
})
