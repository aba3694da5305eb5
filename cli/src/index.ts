export { buildProgram } from './program.ts'
