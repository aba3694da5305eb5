import { describe, expect, it } from 'vitest'
import { embedBadgePath, embedSparklinePath } from './embed.ts'
import { embedBadgeQuery, embedSparklineQuery } from './embed-query.ts'

describe('embed parameters', () => {
  it('default to a flat light badge and a 7-day CCU sparkline', () => {
    expect(embedBadgeQuery.parse({})).toEqual({ style: 'flat', theme: 'light' })
    expect(embedSparklineQuery.parse({})).toEqual({ stat: 'ccus', range: '7d', theme: 'light' })
  })

  it('refuse a range beyond the visitors’ 30 days with the reason, and other values with the choices', () => {
    const message = (range: string) => embedSparklineQuery.safeParse({ range }).error?.issues[0]?.message
    for (const longer of ['31d', '90d', '1y', '6m', '5w', '721h']) {
      expect(message(longer), longer).toMatch(/^embeds are anonymous and show at most the last 30 days/)
    }
    for (const other of ['2d', '7', 'week', ''])
      expect(message(other), other).toBe('must be one of 24h, 7d, 30d')
    expect(embedSparklineQuery.safeParse({ stat: 'likes' }).error?.issues[0]?.path).toEqual(['stat'])
    expect(embedBadgeQuery.safeParse({ style: 'round' }).error?.issues[0]?.message).toBe(
      'must be one of flat, flat-square, plastic',
    )
  })

  it('build the addresses the snippets use, leaving out default options', () => {
    expect(embedBadgePath(42)).toBe('/embed/42/badge.svg')
    expect(embedBadgePath(42, { style: 'plastic', theme: 'dark' })).toBe(
      '/embed/42/badge.svg?style=plastic&theme=dark',
    )
    expect(embedSparklinePath(42)).toBe('/embed/42/sparkline.svg?stat=ccus&range=7d')
    expect(embedSparklinePath(42, { stat: 'visits', range: '30d', theme: 'dark' })).toBe(
      '/embed/42/sparkline.svg?stat=visits&range=30d&theme=dark',
    )
  })
})
