import { describe, expect, it } from 'vitest'
import { bannerUrl, creatorImageUrl, defaultThumbnail, iconUrl } from './urls.ts'

describe('thumbnail addresses', () => {
  it('asks the image service for the smallest size that covers the box, under the 180-day prefix', () => {
    expect(iconUrl('abc123', 1, 36)).toBe('https://tr.rbxcdn.com/180DAY-abc123/64/64/Image/Webp/noFilter')
    expect(iconUrl('abc123', 1, 150)).toContain('/150/150/')
    expect(iconUrl('abc123', 1, 2000)).toContain('/512/512/')
  })

  it("shows one of three default images for the 'default' hash, the same one for a place every time", () => {
    const images = [0, 1, 2].map(defaultThumbnail)
    expect(new Set(images).size).toBe(3)
    expect(iconUrl('default', 4, 64)).toBe(defaultThumbnail(4))
    expect(defaultThumbnail(4)).toBe(defaultThumbnail(1))
    expect(defaultThumbnail(4)).not.toBe(defaultThumbnail(5))
  })

  it('asks for the smallest banner size that covers the width, at the sizes banners come in', () => {
    expect(bannerUrl('b1', 3, 200)).toBe('https://tr.rbxcdn.com/180DAY-b1/256/144/Image/Webp/noFilter')
    expect(bannerUrl('b1', 3, 100)).toContain('/160/100/')
    expect(bannerUrl('b1', 3, 5000)).toContain('/768/432/')
    expect(bannerUrl('default', 3, 200)).toBe(defaultThumbnail(3))
  })

  it('asks the headshot service for users and the group icon service for groups', () => {
    expect(creatorImageUrl('User', 'h1', 7, 36)).toBe(
      'https://tr.rbxcdn.com/180DAY-h1/48/48/AvatarHeadshot/Webp/noFilter',
    )
    expect(creatorImageUrl('Group', 'g1', 7, 36)).toBe(
      'https://tr.rbxcdn.com/180DAY-g1/150/150/Image/Webp/noFilter',
    )
    expect(creatorImageUrl('Group', 'g1', 7, 300)).toContain('/420/420/')
    expect(creatorImageUrl('User', 'h1', 7, 5000)).toContain('/420/420/')
    expect(creatorImageUrl('User', 'default', 7, 36)).toBe(defaultThumbnail(7))
  })
})
