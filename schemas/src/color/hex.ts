export interface Rgb {
  r: number
  g: number
  b: number
}

export class InvalidHexColorError extends Error {
  constructor(
    readonly input: string,
    options?: ErrorOptions,
  ) {
    super('Invalid hex color format', options)
    this.name = 'InvalidHexColorError'
  }
}

/**
 * Parses '#rgb', '#rrggbb' or the same without '#', in either case, into 0–255 channels; a short
 * digit doubles ('f' → 255). Anything else (other lengths, alpha, spaces, non-hex digits) throws
 * InvalidHexColorError, whose message is the spec's 'Invalid hex color format'.
 */
export function parseHexColor(s: string): Rgb {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(s)
  if (!m) throw new InvalidHexColorError(s)
  const digits = m[1]!
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits
  return {
    r: Number.parseInt(full.slice(0, 2), 16),
    g: Number.parseInt(full.slice(2, 4), 16),
    b: Number.parseInt(full.slice(4, 6), 16),
  }
}

/** '#rrggbb' in lower case; channels are rounded and clamped to 0–255. */
export function toHexColor({ r, g, b }: Rgb): string {
  const hex = (v: number) =>
    Math.min(255, Math.max(0, Math.round(v)))
      .toString(16)
      .padStart(2, '0')
  return `#${hex(r)}${hex(g)}${hex(b)}`
}

/** 'rgba(r, g, b, a)' from a hex color, for translucent chart fills of a series colour. */
export function hexToRgba(s: string, alpha: number): string {
  const { r, g, b } = parseHexColor(s)
  return `rgba(${r}, ${g}, ${b}, ${alpha})`
}
