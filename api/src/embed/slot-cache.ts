import { createHash } from 'node:crypto'
import { SLOT_MS, snapToSlot } from '@ludex/schemas'
import type { Context } from 'koa'
import type { ApiDeps } from '../deps.ts'
import type { RawResult, ResponseHeader } from '../http/route.ts'

/*
 * How an embed is cached: its data changes once per 10-minute poll slot, so each image is built once
 * per (place, options, slot), kept in the process's memory until the slot ends, and sent with a strong
 * ETag and a max-age that runs out when the slot does. A client holding the image asks again with
 * If-None-Match and gets a 304 while the slot lasts.
 */

export const SVG_TYPE = 'image/svg+xml; charset=utf-8'

/** How many embeds the in-process cache holds (the oldest go first): a few KiB each. */
export const EMBED_CACHE_MAX_ENTRIES = 5000

/** One built image: the SVG and its entity tag (plain JSON, as the aggregate cache keeps values). */
interface EmbedImage {
  readonly svg: string
  readonly etag: string
}

/** The headers the OpenAPI document states for an embed's answer. */
export const EMBED_RESPONSE_HEADERS: Readonly<Record<string, ResponseHeader>> = {
  'Cache-Control': {
    description:
      'public, max-age = the seconds left in the current 10-minute slot (the image changes once per slot)',
  },
  ETag: {
    description: 'A strong entity tag of the image; If-None-Match with it answers 304 within the slot',
  },
}

/** Whether an If-None-Match header names the tag (weak comparison, as RFC 9110 has it for this header). */
export function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  const bare = etag.replace(/^W\//, '')
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim())
    .some((t) => t === '*' || t.replace(/^W\//, '') === bare)
}

/**
 * The image for `key` in the current slot, built by `build` on a miss (a failure, such as an unknown
 * place's 404, is not kept), answered as the SVG or as a 304 when the client has it already.
 */
export async function slotCachedSvg(
  deps: ApiDeps,
  ctx: Context,
  key: string,
  build: (nowMs: number) => Promise<string>,
): Promise<RawResult> {
  const nowMs = deps.now()
  const slotEnd = snapToSlot(nowMs) + SLOT_MS
  const cache = deps.embedCache ?? deps.cache
  const image = await cache.get<EmbedImage>(
    `embed:${key}:${slotEnd}`,
    () => Math.max(1, slotEnd - deps.now()),
    async () => {
      const svg = await build(nowMs)
      return { svg, etag: `"${createHash('sha1').update(svg).digest('base64url')}"` }
    },
  )
  const headers = {
    'Cache-Control': `public, max-age=${Math.max(1, Math.ceil((slotEnd - nowMs) / 1000))}`,
    ETag: image.etag,
  }
  const ifNoneMatch = ctx.get('If-None-Match')
  if (ifNoneMatch && matchesEtag(ifNoneMatch, image.etag)) {
    return { kind: 'raw', status: 304, contentType: SVG_TYPE, body: '', headers }
  }
  return { kind: 'raw', contentType: SVG_TYPE, body: image.svg, headers }
}
