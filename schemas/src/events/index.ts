export * from './limits.ts'
export * from './luau-module.ts'
export * from './signing.ts'
