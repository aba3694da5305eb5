export * from './config.ts'
