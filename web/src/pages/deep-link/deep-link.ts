import { DEEP_LINK_LAUNCH_DATA_MAX_BYTES } from '@ludex/schemas'

/** The page's texts of the spec (part 2 §5, §8), verbatim. */
export const DEEP_LINK_TITLE = 'Roblox-style Deep Link'
export const INVALID_JSON = 'invalid json'
export const DEEP_LINK_COPIED = 'Deep link has been copied to your clipboard.'

/**
 * The launch data as it goes into a link: none when the field is empty; a JSON object without its
 * spaces and line breaks (Roblox allows 200 bytes, so none are wasted); anything else ('invalid json')
 * as typed, since copying is still allowed and invalid data is sent as is (part 2 §5).
 */
export type LaunchData =
  | { readonly kind: 'empty' }
  | { readonly kind: 'json'; readonly sent: string }
  | { readonly kind: 'invalid'; readonly sent: string }

export function parseLaunchData(text: string): LaunchData {
  if (text.trim() === '') return { kind: 'empty' }
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return { kind: 'json', sent: JSON.stringify(value) }
    }
  } catch {
    // Not JSON at all: invalid, like JSON that is not an object.
  }
  return { kind: 'invalid', sent: text }
}

const encoder = new TextEncoder()

/** The decoded size Roblox checks: the UTF-8 bytes of the launch data. */
export function launchDataBytes(data: LaunchData): number {
  return data.kind === 'empty' ? 0 : encoder.encode(data.sent).length
}

export function isOverLimit(data: LaunchData): boolean {
  return launchDataBytes(data) > DEEP_LINK_LAUNCH_DATA_MAX_BYTES
}

const launchParam = (data: LaunchData) =>
  data.kind === 'empty' ? '' : `&launchData=${encodeURIComponent(data.sent)}`

/**
 * The two documented forms (Roblox creator docs, "Deep Linking"): "Web listing to app", which opens
 * the game's page on the web and then the app, and "Direct to app".
 */
export function webListingLink(placeId: number, data: LaunchData): string {
  return `https://www.roblox.com/games/start?placeId=${placeId}${launchParam(data)}`
}

export function directToAppLink(placeId: number, data: LaunchData): string {
  return `roblox://placeId=${placeId}${launchParam(data)}`
}
