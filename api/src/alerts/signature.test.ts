import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { newWebhookSecret, signWebhookBody, verifyWebhookSignature } from './signature.ts'
import { isPrivateAddress, literalTargetRefusal } from './webhook-target.ts'

describe('webhook signatures', () => {
  const secret = newWebhookSecret()
  const body = JSON.stringify({
    type: 'ludex.alert',
    timestamp: 1_764_000_000,
    summary: 'Obby: CCU 120 ≥ 100',
  })

  it('is sha256=<hex> of the HMAC-SHA256 of the exact body bytes, as a receiver recomputes it', () => {
    const expected = createHmac('sha256', secret).update(Buffer.from(body, 'utf8')).digest('hex')
    expect(signWebhookBody(secret, body)).toBe(`sha256=${expected}`)
    expect(secret).toMatch(/^[0-9a-f]{64}$/)
  })

  it('verifies the body it signed, and refuses another body, another secret or no header', () => {
    const header = signWebhookBody(secret, body)
    expect(verifyWebhookSignature(secret, body, header)).toBe(true)
    expect(verifyWebhookSignature(secret, body.replace('120', '121'), header)).toBe(false)
    expect(verifyWebhookSignature(newWebhookSecret(), body, header)).toBe(false)
    expect(verifyWebhookSignature(secret, body, undefined)).toBe(false)
    expect(verifyWebhookSignature(secret, body, 'sha256=00')).toBe(false)
  })
})

describe('webhook targets (SSRF)', () => {
  it('knows private, loopback, link-local and mapped addresses from public ones', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
      '100.64.0.1',
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(true)
    }
    for (const ip of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(ip), ip).toBe(false)
    }
  })

  it('refuses a literal private address or localhost unless private targets are allowed', () => {
    expect(literalTargetRefusal('http://127.0.0.1:8080/hook', false)).toMatch(/private or loopback/)
    expect(literalTargetRefusal('http://[::1]/hook', false)).toMatch(/private or loopback/)
    expect(literalTargetRefusal('http://localhost/hook', false)).toMatch(/localhost/)
    expect(literalTargetRefusal('http://user:pw@example.com/hook', false)).toMatch(/user name/)
    expect(literalTargetRefusal('https://hooks.example.com/x', false)).toBeNull()
    expect(literalTargetRefusal('http://127.0.0.1:8080/hook', true)).toBeNull()
  })
})
