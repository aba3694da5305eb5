// Test helpers every package's tests share (the contract suites of workers and api, pipelines' and the
// cross-package tests). They use the clock, which the contracts above never do: never imported by
// shipped code, so they stay out of index.ts.

export { type WaitForOptions, WaitTimeoutError, waitFor } from './testing/wait-for.ts'
