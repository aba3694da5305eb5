export * from './data-dir.ts'
