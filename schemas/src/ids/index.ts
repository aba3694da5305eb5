export * from './database-id.ts'
export * from './database-id-param.ts'
