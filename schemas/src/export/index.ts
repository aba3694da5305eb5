export * from './csv.ts'
export * from './file-name.ts'
export * from './tables.ts'
