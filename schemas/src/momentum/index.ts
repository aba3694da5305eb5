export * from './momentum.ts'
export * from './recent-likes.ts'
