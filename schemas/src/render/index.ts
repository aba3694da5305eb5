export * from './page-state.ts'
export * from './server-render.ts'
