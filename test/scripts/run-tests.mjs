#!/usr/bin/env node
// Runs the whole Vitest suite and ends with the plain closing line CI reads: 'N passed, N failed, N skipped'.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'

const out = '.vitest-results.json'
rmSync(out, { force: true })
const args = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${out}`,
  ...process.argv.slice(2),
]
const run = spawnSync('npx', args, { stdio: 'inherit', env: process.env })

let passed = 0
let failed = 0
let skipped = 0
if (existsSync(out)) {
  const report = JSON.parse(readFileSync(out, 'utf8'))
  passed = report.numPassedTests ?? 0
  failed = report.numFailedTests ?? 0
  skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
  // A file that failed to load has no test results but is a failure all the same.
  for (const file of report.testResults ?? []) {
    if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) failed += 1
  }
} else {
  failed += 1
}
const code = run.status ?? 1
if (code !== 0 && failed === 0) failed = 1
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(code === 0 && failed === 0 ? 0 : 1)
