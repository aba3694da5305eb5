export * from './anchor.ts'
export * from './hash-params.ts'
