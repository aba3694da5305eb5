import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

describe('TRUST_PROXY: the number of reverse proxies in front', () => {
  it('reads a hop count, with true and false kept for what they meant (one proxy, none)', () => {
    const hops = (value?: string) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY
    expect(hops()).toBe(0)
    expect(hops('false')).toBe(0)
    expect(hops('no')).toBe(0)
    expect(hops('0')).toBe(0)
    expect(hops('true')).toBe(1)
    expect(hops('yes')).toBe(1)
    expect(hops('1')).toBe(1)
    expect(hops('2')).toBe(2)
    for (const bad of ['-1', '1.5', 'all', '99']) {
      expect(() => hops(bad), bad).toThrow(/TRUST_PROXY/)
    }
  })
})

describe('MAIL_OUTBOX_PAGE: the unauthenticated outbox page is asked for, and only on loopback', () => {
  it('is off unless set, whatever NODE_ENV says', () => {
    expect(loadConfig({}).MAIL_OUTBOX_PAGE).toBe(false)
    expect(loadConfig({ NODE_ENV: 'development' }).MAIL_OUTBOX_PAGE).toBe(false)
    expect(loadConfig({ MAIL_OUTBOX_PAGE: 'true' }).MAIL_OUTBOX_PAGE).toBe(true)
    for (const url of ['http://localhost:8080', 'http://127.0.0.1:3000/', 'http://[::1]:8080']) {
      expect(loadConfig({ MAIL_OUTBOX_PAGE: 'true', PUBLIC_URL: url }).MAIL_OUTBOX_PAGE, url).toBe(true)
    }
  })

  it('refuses to start with it on a public address or a non-loopback HOST', () => {
    const refused = (env: Record<string, string>) => {
      try {
        loadConfig({ MAIL_OUTBOX_PAGE: 'true', ...env })
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError)
        return (err as ConfigError).issues.map((i) => i.field)
      }
      return []
    }
    expect(refused({ PUBLIC_URL: 'https://ludex.example.com' })).toEqual(['MAIL_OUTBOX_PAGE'])
    expect(refused({ PUBLIC_URL: 'http://192.168.1.20:8080' })).toEqual(['MAIL_OUTBOX_PAGE'])
    expect(refused({ HOST: '0.0.0.0' })).toEqual(['MAIL_OUTBOX_PAGE'])
    // Without the page, a public address is what a server has.
    expect(loadConfig({ PUBLIC_URL: 'https://ludex.example.com', HOST: '0.0.0.0' }).MAIL_OUTBOX_PAGE).toBe(
      false,
    )
  })
})

describe('CLICKHOUSE_CLUSTER: cluster mode, on ClickHouse servers only', () => {
  it('is unset by default, takes an identifier, and needs CLICKHOUSE_URL', () => {
    expect(loadConfig({}).CLICKHOUSE_CLUSTER).toBeUndefined()
    const url = 'http://127.0.0.1:8123'
    expect(loadConfig({ CLICKHOUSE_URL: url, CLICKHOUSE_CLUSTER: 'ludex' }).CLICKHOUSE_CLUSTER).toBe('ludex')
    expect(() => loadConfig({ CLICKHOUSE_CLUSTER: 'ludex' })).toThrow(
      /CLICKHOUSE_CLUSTER: needs CLICKHOUSE_URL/,
    )
    for (const bad of ['two words', 'a;DROP', '1st']) {
      expect(() => loadConfig({ CLICKHOUSE_URL: url, CLICKHOUSE_CLUSTER: bad }), bad).toThrow(
        /CLICKHOUSE_CLUSTER/,
      )
    }
  })
})

describe('EXCHANGE_RATES_URL and CODE_LIBRARY_URL: http(s) addresses, optional', () => {
  it('reads http and https addresses and leaves them unset by default', () => {
    expect(loadConfig({}).EXCHANGE_RATES_URL).toBeUndefined()
    expect(loadConfig({}).CODE_LIBRARY_URL).toBeUndefined()
    const set = loadConfig({
      EXCHANGE_RATES_URL: 'http://127.0.0.1:9000/v6/latest/USD',
      CODE_LIBRARY_URL: 'https://library.example.com/code/',
    })
    expect(set.EXCHANGE_RATES_URL).toBe('http://127.0.0.1:9000/v6/latest/USD')
    expect(set.CODE_LIBRARY_URL).toBe('https://library.example.com/code/')
  })

  it('refuses any other scheme, naming the variable', () => {
    for (const [key, value] of [
      ['CODE_LIBRARY_URL', 'javascript:alert(1)'],
      ['CODE_LIBRARY_URL', 'file:///etc/passwd'],
      ['EXCHANGE_RATES_URL', 'ftp://rates.example.com/latest'],
      ['EXCHANGE_RATES_URL', 'not a url'],
    ] as const) {
      expect(() => loadConfig({ [key]: value }), value).toThrow(new RegExp(key))
    }
  })
})

describe('the footer links: SOCIAL_LINKS and FEEDBACK_EMAIL', () => {
  it('are absent unless set', () => {
    const config = loadConfig({})
    expect(config.SOCIAL_LINKS).toEqual([])
    expect(config.FEEDBACK_EMAIL).toBeUndefined()
  })

  it('read Label=URL pairs in order, labels with spaces too', () => {
    const config = loadConfig({
      SOCIAL_LINKS: ' GitHub=https://github.com/ludex/ludex , Roblox group=https://www.roblox.com/groups/1 ',
      FEEDBACK_EMAIL: 'feedback@example.org',
    })
    expect(config.SOCIAL_LINKS).toEqual([
      { label: 'GitHub', url: 'https://github.com/ludex/ludex' },
      { label: 'Roblox group', url: 'https://www.roblox.com/groups/1' },
    ])
    expect(config.FEEDBACK_EMAIL).toBe('feedback@example.org')
  })

  it('refuse a pair without a label, a web address or an equals sign, and a bad email', () => {
    for (const bad of [
      'https://github.com/x',
      '=https://github.com/x',
      'X=javascript:alert(1)',
      'X=not a url',
    ]) {
      expect(() => loadConfig({ SOCIAL_LINKS: bad }), bad).toThrow(/SOCIAL_LINKS/)
    }
    expect(() => loadConfig({ FEEDBACK_EMAIL: 'nobody' })).toThrow(/FEEDBACK_EMAIL/)
  })
})

describe('OLD_TOOLS_HOSTS: the old tools site’s host names', () => {
  it('reads a comma- or space-separated list, lower-cased, empty by default', () => {
    expect(loadConfig({}).OLD_TOOLS_HOSTS).toEqual([])
    expect(
      loadConfig({ OLD_TOOLS_HOSTS: 'Tools.Example.com, old-tools.example.org  legacy' }).OLD_TOOLS_HOSTS,
    ).toEqual(['tools.example.com', 'old-tools.example.org', 'legacy'])
  })

  it('refuses what is not a host name (a URL, a port, a path), naming it', () => {
    for (const bad of [
      'https://tools.example.com',
      'tools.example.com:8080',
      'tools/x',
      '-tools.example.com',
    ]) {
      expect(() => loadConfig({ OLD_TOOLS_HOSTS: bad }), bad).toThrow(/OLD_TOOLS_HOSTS/)
    }
  })
})
