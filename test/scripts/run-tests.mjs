#!/usr/bin/env node
// Runs the whole Vitest suite, then the Playwright end-to-end tests (test/e2e), and ends with the plain
// closing line CI reads: 'N passed, N failed, N skipped' over both.
// Arguments go to Vitest. `--no-e2e` leaves out the end-to-end part (said so in the output);
// `--e2e-only` runs only that part.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'

const argv = process.argv.slice(2)
const withE2e = !argv.includes('--no-e2e')
const withVitest = !argv.includes('--e2e-only')
const vitestArgs = argv.filter((a) => a !== '--no-e2e' && a !== '--e2e-only')

let passed = 0
let failed = 0
let skipped = 0
let ok = true

if (withVitest) {
  const out = '.vitest-results.json'
  rmSync(out, { force: true })
  const args = [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
    ...vitestArgs,
  ]
  const run = spawnSync('npx', args, { stdio: 'inherit', env: process.env })
  let runFailed = 0
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'))
    passed += report.numPassedTests ?? 0
    runFailed += report.numFailedTests ?? 0
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
    // A file that failed to load has no test results but is a failure all the same.
    for (const file of report.testResults ?? []) {
      if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) runFailed += 1
    }
  } else {
    runFailed += 1
  }
  const code = run.status ?? 1
  if (code !== 0 && runFailed === 0) runFailed = 1
  failed += runFailed
  ok &&= code === 0 && runFailed === 0
}

if (withE2e) {
  // The JSON reporter's file is named in test/e2e/playwright.config.ts.
  const out = '.playwright-results.json'
  rmSync(out, { force: true })
  const run = spawnSync('npx', ['playwright', 'test', '-c', 'test/e2e/playwright.config.ts'], {
    stdio: 'inherit',
    env: process.env,
  })
  let runFailed = 0
  if (existsSync(out)) {
    const { stats, errors } = JSON.parse(readFileSync(out, 'utf8'))
    passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0)
    runFailed += stats?.unexpected ?? 0
    skipped += stats?.skipped ?? 0
    // Errors outside any test (the web server not starting, a spec that does not load).
    runFailed += (errors ?? []).length
  } else {
    runFailed += 1
  }
  const code = run.status ?? 1
  if (code !== 0 && runFailed === 0) runFailed = 1
  failed += runFailed
  ok &&= code === 0 && runFailed === 0
} else {
  console.log('End-to-end tests left out (--no-e2e)')
}

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(ok && failed === 0 ? 0 : 1)
