import { describe, expect, it } from 'vitest'
import { CHART_CATEGORIES, chartCategoryById, chartCategoryForSortId } from './chart-categories.ts'

describe('chart categories', () => {
  it('are the 27 of part 2 §3, each id once', () => {
    expect(CHART_CATEGORIES.map((c) => c.id)).toEqual([
      8, 9, 10, 11, 12, 14, 16, 17, 18, 19, 20, 22, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37,
      38,
    ])
    expect(chartCategoryById(25)?.title).toBe('Trending in Shooting')
    expect(chartCategoryById(13)).toBeNull()
    expect(chartCategoryForSortId('trending-in-shooter')?.id).toBe(25)
  })

  it('each carry their own description, a sentence that states what it ranks', () => {
    const descriptions = CHART_CATEGORIES.map((c) => c.description)
    expect(new Set(descriptions).size).toBe(CHART_CATEGORIES.length)
    for (const d of descriptions) expect(d).toMatch(/^[A-Z].{30,}\.$/)
    // The thresholds the platform states for its charts.
    expect(chartCategoryById(10)?.description).toContain('within the last 28 days')
    expect(chartCategoryById(11)?.description).toContain('at least 5,000 daily users')
    expect(chartCategoryById(8)?.description).toContain('among the 30 most played')
    // A genre's trending chart names its genre.
    expect(chartCategoryById(24)?.description).toMatch(/^Sports & Racing experiences /)
  })
})
