import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
const run = promisify(execFile)

/**
 * Builds the web app into a directory of its own (`--emptyOutDir`), with extra build flags (e.g.
 * `--version`, `--manifest`): tests and benchmarks serve private builds, because the shared web/dist
 * is rebuilt by anyone running `npm run build` in the same tree.
 */
export async function buildWebInto(dir: string, extraArgs: readonly string[] = []): Promise<void> {
  await run(
    'npm',
    ['run', 'build', '-w', '@ludex/web', '--silent', '--', '--outDir', dir, '--emptyOutDir', ...extraArgs],
    { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024 },
  )
}
