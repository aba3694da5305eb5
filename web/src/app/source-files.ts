import { readdirSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The app's source files under a folder, tests left out: what the tests that check the app's sources
 * as a whole read (the Mantine stylesheets it needs, the formatters it makes). Node only; tests import it.
 */
export function appSourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return appSourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}
