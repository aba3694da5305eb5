export * from './hash-params.ts'
