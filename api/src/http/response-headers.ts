import { PARTIAL_FROM_HEADER } from '@ludex/schemas'
import { HISTORY_START_HEADER } from '../viewer/history-window.ts'
import type { ResponseHeader } from './route.ts'

/** The headers of a dated series answer (stats, genre averages, platform CCU), as OpenAPI states them. */
export const DATED_SERIES_HEADERS: Readonly<Record<string, ResponseHeader>> = {
  [HISTORY_START_HEADER]: {
    description:
      'Visitors only, when the start was moved into the last 30 days: the start of the first bucket ' +
      'the answer may hold (every bucket starts at or after it).',
    format: 'date-time',
  },
  [PARTIAL_FROM_HEADER]: {
    description:
      'When the range reaches the period in progress: its start. A bucket labelled at or after it ' +
      'holds only the slots polled so far, not a whole period; leave it out of records and averages. ' +
      'Every other bucket is a whole period.',
    format: 'date-time',
  },
}
