import { reduceGameUrlToId } from '@ludex/schemas'
import { describe, expect, it } from 'vitest'
import {
  directToAppLink,
  isOverLimit,
  launchDataBytes,
  parseLaunchData,
  webListingLink,
} from './deep-link.ts'

describe('deep links', () => {
  it('builds the two documented forms, the launch data URL-encoded', () => {
    const data = parseLaunchData('{ "roomId": 2 }')
    expect(data).toEqual({ kind: 'json', sent: '{"roomId":2}' })
    expect(webListingLink(6900305353, data)).toBe(
      'https://www.roblox.com/games/start?placeId=6900305353&launchData=%7B%22roomId%22%3A2%7D',
    )
    expect(directToAppLink(6900305353, data)).toBe(
      'roblox://placeId=6900305353&launchData=%7B%22roomId%22%3A2%7D',
    )
    // The links give back their place and launch data.
    const url = new URL(webListingLink(6900305353, data))
    expect(url.searchParams.get('placeId')).toBe('6900305353')
    expect(JSON.parse(url.searchParams.get('launchData') ?? '')).toEqual({ roomId: 2 })
    expect(reduceGameUrlToId(directToAppLink(42, data))).toBe('42')
  })

  it('leaves launchData out when there is none', () => {
    const none = parseLaunchData('  \n ')
    expect(none).toEqual({ kind: 'empty' })
    expect(webListingLink(1818, none)).toBe('https://www.roblox.com/games/start?placeId=1818')
    expect(directToAppLink(1818, none)).toBe('roblox://placeId=1818')
  })

  it('calls anything but a JSON object invalid, and sends it as typed', () => {
    for (const text of ['{"a":', 'hello', '[1,2]', '42', '"text"', 'null']) {
      expect(parseLaunchData(text), text).toEqual({ kind: 'invalid', sent: text })
    }
    expect(directToAppLink(7, parseLaunchData('a b&c=d'))).toBe('roblox://placeId=7&launchData=a%20b%26c%3Dd')
  })

  it('counts the decoded launch data in UTF-8 bytes against the 200-byte limit', () => {
    const emoji = parseLaunchData('{"e":"🎮"}')
    expect(launchDataBytes(emoji)).toBe(12)
    const fits = parseLaunchData(JSON.stringify({ k: 'x'.repeat(192) }))
    expect(launchDataBytes(fits)).toBe(200)
    expect(isOverLimit(fits)).toBe(false)
    const over = parseLaunchData(JSON.stringify({ k: 'é'.repeat(97) }))
    expect(launchDataBytes(over)).toBe(202)
    expect(isOverLimit(over)).toBe(true)
    expect(isOverLimit(parseLaunchData(''))).toBe(false)
  })
})
