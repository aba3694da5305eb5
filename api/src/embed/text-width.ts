/*
 * How wide a text is drawn in 11 px Verdana (the badges' font; DejaVu Sans, the fallback, is close), so
 * an SVG's width follows its text without a font at hand. The widths are Verdana's advance widths at
 * 11 px for printable ASCII; other characters count as a wide letter, and characters of the wide
 * scripts (CJK, emoji) as a square. Each text also carries `textLength`, so a font that differs
 * still fills the space computed here exactly.
 */

const ASCII_WIDTHS: Readonly<Record<string, number>> = {
  ' ': 3.87,
  '!': 4.79,
  '"': 5.74,
  '#': 9.22,
  $: 7.0,
  '%': 11.84,
  '&': 8.02,
  "'": 2.99,
  '(': 4.99,
  ')': 4.99,
  '*': 7.0,
  '+': 9.22,
  ',': 4.0,
  '-': 4.99,
  '.': 4.0,
  '/': 4.99,
  ':': 4.99,
  ';': 4.99,
  '<': 9.22,
  '=': 9.22,
  '>': 9.22,
  '?': 6.0,
  '@': 11.0,
  '[': 4.99,
  '\\': 4.99,
  ']': 4.99,
  '^': 9.22,
  _: 7.0,
  '`': 7.0,
  '{': 6.98,
  '|': 4.99,
  '}': 6.98,
  '~': 9.22,
  A: 7.52,
  B: 7.54,
  C: 7.68,
  D: 8.48,
  E: 6.96,
  F: 6.32,
  G: 8.53,
  H: 8.27,
  I: 4.62,
  J: 5.0,
  K: 7.62,
  L: 6.12,
  M: 9.27,
  N: 8.23,
  O: 8.66,
  P: 6.63,
  Q: 8.66,
  R: 7.65,
  S: 7.52,
  T: 6.78,
  U: 8.05,
  V: 7.52,
  W: 10.88,
  X: 7.54,
  Y: 6.77,
  Z: 7.54,
  a: 6.61,
  b: 6.85,
  c: 5.73,
  d: 6.85,
  e: 6.55,
  f: 3.87,
  g: 6.85,
  h: 6.96,
  i: 3.02,
  j: 3.79,
  k: 6.51,
  l: 3.02,
  m: 10.7,
  n: 6.96,
  o: 6.68,
  p: 6.85,
  q: 6.85,
  r: 4.69,
  s: 5.73,
  t: 4.33,
  u: 6.96,
  v: 6.51,
  w: 8.98,
  x: 6.51,
  y: 6.51,
  z: 5.78,
}

/** Digits share one width in Verdana (tabular figures). */
const DIGIT_WIDTH = 7.0
/** Any other letter (accented Latin, Greek, Cyrillic…): about an uppercase one. */
const OTHER_WIDTH = 7.6
/** CJK ideographs, kana, Hangul, emoji: a square of the font size. */
const WIDE_WIDTH = 11.0
/** The font size the table is for. */
export const TEXT_WIDTH_FONT_SIZE = 11

function isWide(codePoint: number): boolean {
  return (
    (codePoint >= 0x1100 && codePoint <= 0x115f) ||
    (codePoint >= 0x2e80 && codePoint <= 0xa4cf) ||
    (codePoint >= 0xac00 && codePoint <= 0xd7a3) ||
    (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
    (codePoint >= 0xfe30 && codePoint <= 0xfe4f) ||
    (codePoint >= 0xff00 && codePoint <= 0xff60) ||
    (codePoint >= 0x1f000 && codePoint <= 0x1faff) ||
    (codePoint >= 0x20000 && codePoint <= 0x3fffd)
  )
}

/** Zero-width marks (combining accents, joiners, variation selectors) add nothing. */
function isZeroWidth(codePoint: number): boolean {
  return (
    (codePoint >= 0x0300 && codePoint <= 0x036f) ||
    (codePoint >= 0x200b && codePoint <= 0x200f) ||
    (codePoint >= 0xfe00 && codePoint <= 0xfe0f)
  )
}

function charWidth(char: string): number {
  const known = ASCII_WIDTHS[char]
  if (known !== undefined) return known
  const codePoint = char.codePointAt(0) ?? 0
  if (codePoint >= 0x30 && codePoint <= 0x39) return DIGIT_WIDTH
  if (isZeroWidth(codePoint)) return 0
  if (isWide(codePoint)) return WIDE_WIDTH
  return OTHER_WIDTH
}

/** The text's width in px at `fontSize` (default 11), to one decimal. */
export function textWidth(text: string, fontSize = TEXT_WIDTH_FONT_SIZE): number {
  let width = 0
  for (const char of text) width += charWidth(char)
  return Math.round(((width * fontSize) / TEXT_WIDTH_FONT_SIZE) * 10) / 10
}
