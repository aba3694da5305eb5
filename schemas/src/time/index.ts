export * from './gaps.ts'
export * from './history.ts'
export * from './periods.ts'
export * from './slots.ts'
