export * from './chart-categories.ts'
