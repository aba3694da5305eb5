export * from './duration.ts'
export * from './numbers.ts'
export * from './robux.ts'
export * from './rounding.ts'
