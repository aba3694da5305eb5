export * from './server-render.ts'
