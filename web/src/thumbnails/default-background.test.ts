import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { defaultBackgroundClass } from './default-background.ts'
import { defaultThumbnail } from './urls.ts'

const here = dirname(fileURLToPath(import.meta.url))
const stylesheet = readFileSync(join(here, 'default-thumbnail.css'), 'utf8')

describe('the default image under an icon', () => {
  it('is the default image the id gets, by a class of its own for each of the three', () => {
    const ids = [0, 1, 2, 3, 4, 5, 1_818, 920_587_237]
    expect(new Set(ids.map(defaultBackgroundClass)).size).toBe(3)
    // Two ids with the same default image get the same class, and only then.
    for (const a of ids) {
      for (const b of ids) {
        expect(defaultBackgroundClass(a) === defaultBackgroundClass(b)).toBe(
          defaultThumbnail(a) === defaultThumbnail(b),
        )
      }
    }
  })

  it('names a class of the stylesheet, which lays the default image of that id', () => {
    for (const id of [0, 1, 2]) {
      const rule = new RegExp(
        `\\.${defaultBackgroundClass(id)} \\{[^}]*url\\("\\./defaults/([^"]+)"\\)`,
      ).exec(stylesheet)
      expect(rule, defaultBackgroundClass(id)).not.toBeNull()
      // defaultThumbnail's image (a data URI: Vite inlines the file) is that file.
      const file = readFileSync(join(here, 'defaults', rule![1]!), 'utf8')
      const inlined = decodeURIComponent(defaultThumbnail(id).replace(/^data:image\/svg\+xml,/, ''))
      const bare = (svg: string) => svg.replaceAll(/["'\s]/g, '')
      expect(bare(inlined)).toBe(bare(file))
    }
  })
})
