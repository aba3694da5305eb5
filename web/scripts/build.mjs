#!/usr/bin/env node
// `npm run build -w @ludex/web [-- --outDir <dir> --emptyOutDir --sourcemap --version <v> ...]`: the
// browser build into <outDir> (default dist) with its service worker (sw.js, whose version is <v>, or
// LUDEX_BUILD_VERSION, or else a hash of the build's files), then the server-side render's build into
// <outDir>/_ssr, which the API imports and never serves (api/src/static). The served files get their
// brotli and gzip copies beside them (precompress.mjs). Other options are passed to both builds.
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { precompress } from './precompress.mjs'

const webRoot = fileURLToPath(new URL('..', import.meta.url))
const args = process.argv.slice(2)
const flag = (name) => args.includes(name)
const value = (name) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}
const outDir = resolve(process.cwd(), value('--outDir') ?? join(webRoot, 'dist'))
const common = { root: webRoot, logLevel: flag('--silent') ? 'warn' : 'info' }
// vite.config.ts's service worker plugin reads it.
if (value('--version')) process.env.LUDEX_BUILD_VERSION = value('--version')
await build({
  ...common,
  build: {
    outDir,
    emptyOutDir: flag('--emptyOutDir') || outDir === join(webRoot, 'dist'),
    ...(flag('--manifest') && { manifest: true }),
    ...(flag('--sourcemap') && { sourcemap: true }),
  },
})
await precompress(outDir)
await build({
  ...common,
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: join(outDir, '_ssr'),
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
    sourcemap: true,
  },
})
