import { displayGenreName } from '@ludex/schemas'

export interface GenreShare {
  readonly name: string
  readonly ccu: number
  readonly share: number
  readonly children: readonly { name: string; ccu: number; share: number }[]
}

export interface Ring {
  readonly labels: string[]
  readonly values: number[]
  /** Index of the parent genre of each slice (the inner ring's own index for the inner ring). */
  readonly parent: number[]
}

/**
 * The two rings of the distribution pie: genres inside, their sub-genres outside. Both rings keep the
 * same order (genres by CCU, children in their genre's order) and draw unsorted, so each sub-genre sits
 * beside its genre. A genre whose children do not add up to its CCU gets an unnamed remainder slice so
 * the rings stay aligned. Genres without CCU are left out (a zero slice cannot be drawn).
 */
export function genreRings(genres: readonly GenreShare[]): { inner: Ring; outer: Ring } {
  const kept = genres.filter((g) => g.ccu > 0).sort((a, b) => b.ccu - a.ccu)
  const inner: Ring = { labels: [], values: [], parent: [] }
  const outer: Ring = { labels: [], values: [], parent: [] }
  kept.forEach((g, i) => {
    const genre = displayGenreName(g.name)
    inner.labels.push(genre)
    inner.values.push(g.ccu)
    inner.parent.push(i)
    let sum = 0
    for (const c of g.children) {
      if (c.ccu <= 0) continue
      outer.labels.push(`${genre} / ${displayGenreName(c.name)}`)
      outer.values.push(c.ccu)
      outer.parent.push(i)
      sum += c.ccu
    }
    if (g.ccu - sum > 0) {
      outer.labels.push(`${genre} / other`)
      outer.values.push(g.ccu - sum)
      outer.parent.push(i)
    }
  })
  return { inner, outer }
}
