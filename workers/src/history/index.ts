export * from './generate.ts'
