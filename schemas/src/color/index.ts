export * from './hex.ts'
