export * from './database-id.ts'
