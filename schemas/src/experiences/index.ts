export * from './like-rate-buckets.ts'
export * from './ranks.ts'
