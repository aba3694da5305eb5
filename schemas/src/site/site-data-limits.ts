/*
 * The bounds of the first-party site data (issue 18), apart from its zod schemas (api/site-data.ts):
 * the browser's page-view and error senders need only these numbers, and importing the schemas
 * module would put zod into the first page load.
 */

/** Events one POST /api/analytics/events may carry (the browser batches up to this many). */
export const SITE_EVENTS_MAX = 20
/** Byte caps of the two write calls' bodies (413 beyond): a full batch or report fits well within. */
export const SITE_EVENTS_MAX_BODY_BYTES = 64 * 1024
export const ERROR_REPORT_MAX_BODY_BYTES = 16 * 1024

export const SITE_PATH_MAX = 2048
export const SITE_TITLE_MAX = 300
export const ERROR_MESSAGE_MAX = 1000
export const ERROR_STACK_MAX = 8000
