import { z } from 'zod'

/** Every bus message carries this; a consumer refuses versions it does not know. */
export const SCHEMA_VERSION = 1 as const

/** Epoch milliseconds, UTC. Bus timestamps are numbers: cheap to produce, parse and insert. */
export const epochMs = z.number().int().nonnegative()

/** Roblox ids are int64 upstream; every id seen in practice fits a JS safe integer. */
export const robloxId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)

export const count = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)

/** A deterministic message id: lower-case hex of a 64-bit hash or longer. */
export const messageId = z.string().regex(/^[0-9a-f]{16,64}$/, 'must be lower-case hex, 16 to 64 digits')

export const TEN_MINUTES_MS = 600_000

/** A timestamp on a 10-minute boundary (the poll slot). */
export const slotMs = epochMs.refine((v) => v % TEN_MINUTES_MS === 0, 'must be on a 10-minute boundary')

export const snapshotSource = z.enum(['poller', 'backfill'])
export type SnapshotSource = z.infer<typeof snapshotSource>
