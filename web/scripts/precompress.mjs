// The build's static files compressed once, at the highest settings, beside each file: `<file>.br`
// (brotli, quality 11) and `<file>.gz` (gzip, level 9). The API serves them as they are to a browser
// that accepts the encoding (api/src/static/spa-static.ts), instead of compressing every answer anew at
// the fast settings a live answer needs: a page's 80 module requests cost the server no compression,
// and the bytes are some 15% fewer than brotli at quality 4 gives.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { extname, join, relative, sep } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Text files worth compressing; images (png, webp) and fonts (woff2) are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.webmanifest'])
/** Below this a file goes as it is (one packet either way), as the API's own answers do. */
const MIN_BYTES = 1024
/** Never served (api/src/static/spa-static.ts) or not a file the browser asks for. */
const SKIPPED_DIRS = ['_ssr', '.vite']

/** Writes the compressed copies of every compressible file under `outDir`; resolves to how many files. */
export async function precompress(outDir) {
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true })
  const files = entries
    .filter((e) => e.isFile() && COMPRESSIBLE.has(extname(e.name).toLowerCase()))
    .map((e) => join(e.parentPath, e.name))
    .filter((file) => !SKIPPED_DIRS.some((d) => relative(outDir, file).split(sep)[0] === d))
  let count = 0
  // A few at a time: quality 11 is a second or so of a core for the largest chunk (the chart library).
  const queue = [...files]
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      if ((await stat(file)).size < MIN_BYTES) continue
      const bytes = await readFile(file)
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
        gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
      ])
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)])
      count += 1
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker))
  return count
}
