export * from './api.ts'
export * from './constants.ts'
