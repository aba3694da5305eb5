import { z } from 'zod'

/*
 * The daily bulk dumps (issue 21.4): the previous day's hourly rollups of every experience, one gzip
 * CSV per UTC day, written by the `hourly-dump` job under LUDEX_DATA_DIR/dumps/hourly/ and served at
 * /api/dumps/hourly/{date}.csv.gz. The layout lives here so the writer and the API agree on it.
 */

/** The folder of the dumps under LUDEX_DATA_DIR, and of the hourly ones under it. */
export const DUMPS_DIR = 'dumps'
export const HOURLY_DUMPS_DIR = 'hourly'
/** A dump's file name: its UTC day and the format. */
export const HOURLY_DUMP_FILE_PATTERN = /^(\d{4}-\d{2}-\d{2})\.csv\.gz$/
export const hourlyDumpFile = (day: string): string => `${day}.csv.gz`
/** Where a dump is downloaded from. */
export const hourlyDumpUrl = (day: string): string => `/api/dumps/hourly/${hourlyDumpFile(day)}`

/**
 * The CSV's columns, in order (the header row): one row per experience and hour bucket, as stored in
 * the hourly rollups. `bucket` is the hour's start, ISO 8601 UTC; ccu_* are concurrent players over the
 * hour's samples (the average is ccu_sum / samples); visits_* are the visit counter's lowest and
 * highest; *_last are the hour's last values (votes empty when the platform gave none).
 */
export const HOURLY_DUMP_COLUMNS = [
  'place_id',
  'bucket',
  'samples',
  'ccu_sum',
  'ccu_min',
  'ccu_max',
  'visits_min',
  'visits_max',
  'favorites_last',
  'up_votes_last',
  'down_votes_last',
] as const

export const dumpDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a UTC day, YYYY-MM-DD')

/** GET /api/dumps: the dumps the caller may download, newest first. */
export const dumpList = z.object({
  hourly: z.array(
    z.object({
      date: dumpDay,
      url: z.string(),
      bytes: z.number().int().nonnegative(),
    }),
  ),
  /** The CSV's columns, in order. */
  columns: z.array(z.string()),
  /** The first day a visitor may download (dumps before it need a session or an API key); null when signed in. */
  visitor_from: dumpDay.nullable(),
})
export type DumpList = z.infer<typeof dumpList>
