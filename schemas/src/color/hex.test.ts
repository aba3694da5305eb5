import { describe, expect, it } from 'vitest'
import { hexToRgba, InvalidHexColorError, parseHexColor, toHexColor } from './hex.ts'

describe('parseHexColor', () => {
  it.each([
    ['#fff', { r: 255, g: 255, b: 255 }],
    ['FFF', { r: 255, g: 255, b: 255 }],
    ['#000', { r: 0, g: 0, b: 0 }],
    ['#1a2', { r: 0x11, g: 0xaa, b: 0x22 }],
    ['#0a0B0c', { r: 10, g: 11, b: 12 }],
    ['ff8000', { r: 255, g: 128, b: 0 }],
  ])('%s', (s, rgb) => {
    expect(parseHexColor(s)).toEqual(rgb)
  })

  it.each([
    '',
    '#',
    '#f',
    '#ff',
    '#ffff',
    '#fffff',
    '#fffffff',
    '#ffffffff',
    '#ggg',
    ' #fff',
    '#fff ',
    '##fff',
    'rgb(1,2,3)',
  ])('refuses %j with the spec message', (s) => {
    expect(() => parseHexColor(s)).toThrow(InvalidHexColorError)
    expect(() => parseHexColor(s)).toThrow('Invalid hex color format')
  })
})

describe('toHexColor and hexToRgba', () => {
  it('round-trip parseHexColor', () => {
    for (const s of ['#000000', '#ffffff', '#0a0b0c', '#ff8000', '#123abc'])
      expect(toHexColor(parseHexColor(s))).toBe(s)
  })

  it('clamps and rounds channels', () => {
    expect(toHexColor({ r: 300, g: -4, b: 127.6 })).toBe('#ff0080')
  })

  it('writes rgba', () => {
    expect(hexToRgba('#f80', 0.25)).toBe('rgba(255, 136, 0, 0.25)')
    expect(() => hexToRgba('#f8', 1)).toThrow('Invalid hex color format')
  })
})
