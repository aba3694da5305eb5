import { describe, expect, it } from 'vitest'
import { fillLuauModule, LUAU_MODULE_TEMPLATE, LUAU_PLACEHOLDERS } from './luau-module.ts'
import { EVENT_HEADERS } from './signing.ts'

describe('the Luau module text', () => {
  it('holds each placeholder once, in its configuration', () => {
    for (const placeholder of Object.values(LUAU_PLACEHOLDERS)) {
      expect(LUAU_MODULE_TEMPLATE.split(placeholder).length - 1, placeholder).toBe(1)
    }
  })

  it('sends the three signing headers the API reads, and signs timestamp .. "." .. body', () => {
    for (const header of Object.values(EVENT_HEADERS)) expect(LUAU_MODULE_TEMPLATE).toContain(`["${header}"]`)
    expect(LUAU_MODULE_TEMPLATE).toContain(
      'LudexEvents.hmacSha256(CONFIG.SecretKey, timestamp .. "." .. body)',
    )
  })

  it('keeps to syntax Luau shares with Lua 5.4: no compound assignment, interpolation or types', () => {
    const code = LUAU_MODULE_TEMPLATE.replace(/--\[\[[\s\S]*?\]\]/g, '').replace(/--[^\n]*/g, '')
    expect(code).not.toMatch(/[+\-*/]=/)
    expect(code).not.toContain('`')
    expect(code).not.toMatch(/\blocal\s+\w+\s*:/)
    expect(code).not.toMatch(/\bcontinue\b/)
  })

  it('fills the keys in, escaping what a Lua string cannot hold as is', () => {
    const filled = fillLuauModule({
      url: 'https://ludex.example/api/events?a="b"\\c',
      gameKey: '0123456789abcdef0123456789abcdef',
      secretKey: 'sek$&ret$1',
    })
    expect(filled).toContain('Url = "https://ludex.example/api/events?a=\\"b\\"\\\\c",')
    expect(filled).toContain('GameKey = "0123456789abcdef0123456789abcdef",')
    // `$&` and `$1` are text, not replacement patterns.
    expect(filled).toContain('SecretKey = "sek$&ret$1",')
    for (const placeholder of Object.values(LUAU_PLACEHOLDERS)) expect(filled).not.toContain(placeholder)
  })
})
