export * from './data-dir.ts'
export * from './dumps.ts'
