export * from './badges.ts'
export * from './errors.ts'
export * from './params.ts'
export * from './responses.ts'
