export * from './model/index.ts'
export * from './server.ts'
