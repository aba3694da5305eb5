export * from './bus/index.ts'
export * from './config/index.ts'
export * from './constants/index.ts'
