export * from './backfill-record.ts'
