import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)
const API_DIR = fileURLToPath(new URL('..', import.meta.url))

/**
 * Loads a module in a fresh Node process (through tsx, as `ludex` runs) and lists the engine and bus
 * packages it pulled in. chDB and kafkajs are CommonJS, so whatever loads them lands in require.cache.
 */
async function enginesLoadedBy(...specifiers: string[]): Promise<string[]> {
  const script = `
    import { createRequire } from 'node:module'
    const require = createRequire(import.meta.url)
    for (const specifier of ${JSON.stringify(specifiers)}) await import(specifier)
    const packages = Object.keys(require.cache)
      .map((path) => /node_modules\\/(chdb|kafkajs)\\//.exec(path)?.[1])
      .filter(Boolean)
    console.log(JSON.stringify([...new Set(packages)].sort()))
  `
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: API_DIR,
  })
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]') as string[]
}

describe('the API process', () => {
  it('loads neither chDB nor kafkajs: it reads the store through @ludex/pipelines/store only', async () => {
    expect(await enginesLoadedBy('./src/index.ts')).toEqual([])
  })

  it('would show them if it loaded them (the check is not blind)', async () => {
    expect(await enginesLoadedBy('chdb/connection', '@ludex/pipelines/kafka')).toEqual(['chdb', 'kafkajs'])
  })
})
