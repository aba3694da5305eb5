export * from './campaign.ts'
export * from './consent.ts'
export * from './error-filter.ts'
export * from './site-data-limits.ts'
