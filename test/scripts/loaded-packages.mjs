// A preload (`node --import`) that reports, when the process exits, the npm packages it loaded as
// CommonJS (the native and client packages are: chdb, kafkajs, bullmq, ioredis, @clickhouse/client).
// It writes one name per line to LUDEX_LOADED_PACKAGES_FILE, or prints them on stderr without it.
// Used by test/src/distributed/api-modules.test.ts and by the check in cli/README.md.
import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const MARK = '/node_modules/'

process.on('exit', () => {
  const packages = new Set()
  for (const path of Object.keys(require.cache)) {
    const at = path.lastIndexOf(MARK)
    if (at < 0) continue
    const parts = path.slice(at + MARK.length).split('/')
    packages.add(parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0])
  }
  const names = [...packages].sort()
  const file = process.env.LUDEX_LOADED_PACKAGES_FILE
  if (file) writeFileSync(file, `${names.join('\n')}\n`)
  else process.stderr.write(`loaded packages (${names.length}): ${names.join(' ')}\n`)
})
