import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import postcssPresetMantine from 'postcss-preset-mantine'
import postcssSimpleVars from 'postcss-simple-vars'
import { defineConfig, type Plugin } from 'vite'

const serverTransport = fileURLToPath(new URL('./src/api/transport.server.ts', import.meta.url))

/**
 * The release a build is made from, which error reports carry: LUDEX_RELEASE when given (a Docker
 * build has no .git), else the web package's version and the commit (`0.1.0+4897100`), else the
 * version alone.
 */
function release(): string {
  const given = process.env.LUDEX_RELEASE
  if (given && /^[A-Za-z0-9._+-]{1,64}$/.test(given)) return given
  const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
    version: string
  }
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: fileURLToPath(new URL('.', import.meta.url)),
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim()
    return /^[0-9a-f]{4,40}$/.test(commit) ? `${pkg.version}+${commit}` : pkg.version
  } catch {
    return pkg.version
  }
}

/** The server-side render's build uses transport.server.ts wherever the app imports transport.ts. */
function serverTransportPlugin(): Plugin {
  return {
    name: 'ludex-server-transport',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.endsWith('/transport.ts')) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      return resolved?.id.endsWith('/src/api/transport.ts') ? serverTransport : null
    },
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), ...(isSsrBuild ? [serverTransportPlugin()] : [])],
  define: { __LUDEX_RELEASE__: JSON.stringify(release()) },
  css: {
    postcss: {
      // Mantine's mixins (light-dark, rem, breakpoint variables) in CSS modules.
      plugins: [
        postcssPresetMantine(),
        postcssSimpleVars({
          variables: {
            'mantine-breakpoint-xs': '40em',
            'mantine-breakpoint-sm': '48em',
            'mantine-breakpoint-md': '64em',
            'mantine-breakpoint-lg': '80em',
            'mantine-breakpoint-xl': '96em',
          },
        }),
      ],
    },
  },
  // The server bundle is self-contained: the e2e tests and the benchmarks serve builds from temporary
  // directories, where node_modules would not resolve.
  ssr: { noExternal: true },
  // The manifest maps route modules to their chunks and CSS for server-rendered pages' preload links.
  build: { outDir: 'dist', sourcemap: true, manifest: true },
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/readyz': 'http://127.0.0.1:8080' } },
}))
