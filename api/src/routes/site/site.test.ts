import { loadConfig, siteInfo, siteInfoOf } from '@ludex/schemas'
import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../app/server.ts'
import { listenWithoutStore } from '../../app/store-free-app.ts'
import { siteRoute } from './site.ts'

const logger = pino({ level: 'silent' })

describe('GET /api/site: the footer links and cookie names of the configuration', () => {
  const servers: RunningServer[] = []
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()))
  })
  const get = async (env: Record<string, string>) => {
    const site = siteInfoOf(loadConfig(env))
    const server = await listenWithoutStore({ logger, routes: [siteRoute], site })
    servers.push(server)
    const res = await fetch(`${server.url}/api/site`)
    return {
      status: res.status,
      cache: res.headers.get('cache-control'),
      body: siteInfo.parse(await res.json()),
    }
  }

  it('answers the configured links in order, the mail address and the session cookie name', async () => {
    const answer = await get({
      SOCIAL_LINKS: 'GitHub=https://github.com/ludex/ludex,Discord=https://discord.gg/ludex',
      FEEDBACK_EMAIL: 'hello@ludex.example',
      SESSION_COOKIE_NAME: 'sid',
    })
    expect(answer.status).toBe(200)
    expect(answer.cache).toContain('max-age=300')
    expect(answer.body).toEqual({
      social_links: [
        { label: 'GitHub', url: 'https://github.com/ludex/ludex' },
        { label: 'Discord', url: 'https://discord.gg/ludex' },
      ],
      feedback_email: 'hello@ludex.example',
      session_cookie: 'sid',
    })
  })

  it('answers no links and no address when they are unset, and the default cookie name', async () => {
    expect((await get({})).body).toEqual({
      social_links: [],
      feedback_email: null,
      session_cookie: 'ludex_session',
    })
  })
})
