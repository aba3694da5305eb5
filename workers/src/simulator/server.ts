import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import type { Logger } from 'pino'
import {
  type AddressBudgetOptions,
  type AddressUse,
  clientAddressOf,
  createAddressBudget,
} from './http/address-budget.ts'
import { EXCHANGE_RATES_PATH, EXCHANGE_RATES_SERVICE, exchangeRatesReply } from './http/exchange-rates.ts'
import { route, SERVICE_NAMES } from './http/routes.ts'
import { ERROR_ENVELOPES, fail, type Reply, RequestBodyError, readJson, write } from './http/wire.ts'
import { type PlatformModel, snapSlot } from './model/index.ts'

/** Probability per request of each injected fault. */
export interface FaultRates {
  /** 429 with a retry-after of 1 s (sometimes 0, as one Roblox API always sends). */
  readonly throttle: number
  /** 500 or 503. */
  readonly serverError: number
  /** A normal answer with optional fields left out (genres, some votes entries, pending thumbnails…). */
  readonly omitFields: number
}

export interface SimulatorServerOptions {
  readonly model: PlatformModel
  readonly host?: string
  readonly port?: number
  /** Served time: the model is shown at clock() snapped to the last 10-minute slot. */
  readonly clock: () => number
  /** One number sets every fault kind to it. */
  readonly faultRate?: number | FaultRates
  /** Source of fault draws and response shuffles; inject a seeded one for deterministic tests. */
  readonly random?: () => number
  /**
   * The games host's budget per client address (the TCP peer, so a client bound to its own local
   * address has its own): beyond it, 429 with `retry-after`. Default none; the configured simulator
   * (`ludex run`, `ludex simulator`) takes SIMULATOR_ADDRESS_BUDGET.
   */
  readonly addressBudget?: AddressBudgetOptions | null
  /** Monotonic milliseconds the budget refills by (real time even when `clock` stands still). */
  readonly budgetNow?: () => number
  readonly logger: Logger
}

export interface SimulatorServer {
  readonly url: string
  /** Upstream base URL template of the shared decisions: 'http://127.0.0.1:PORT/{service}'. */
  readonly baseTemplate: string
  /** The simulated exchange-rate provider's USD rates (the Robux converter's source when embedded). */
  readonly exchangeRatesUrl: string
  /** Requests to the games host and those refused, by client address (empty without a budget). */
  addressUse(): ReadonlyMap<string, AddressUse>
  close(): Promise<void>
}

const RATE_WINDOW_S = 60
const RATE_LIMIT = 1000
/** The host the address budget applies to: games and votes (and the rest of games.roblox.com). */
const BUDGETED_SERVICE = 'games'
/** The throttle codes of upstream's envelopes: votes answers code 10, the games host code 4 (§1, §2). */
const VOTES_PATH = '/v1/games/votes'

function ratesOf(faultRate: number | FaultRates): FaultRates {
  return typeof faultRate === 'number'
    ? { throttle: faultRate, serverError: faultRate, omitFields: faultRate }
    : faultRate
}

/** Starts the Roblox-shaped HTTP simulator on loopback (node:http only). */
export async function startSimulatorServer(options: SimulatorServerOptions): Promise<SimulatorServer> {
  const { model, clock, logger } = options
  const host = options.host ?? '127.0.0.1'
  const rates = ratesOf(options.faultRate ?? 0.01)
  const random = options.random ?? Math.random
  const budget = options.addressBudget ? createAddressBudget(options.addressBudget) : null
  const budgetNow = options.budgetNow ?? (() => performance.now())
  // Per-window request count for the x-ratelimit-* headers (informational; real throttling is the fault).
  let windowStart = 0
  let windowCount = 0

  const rateHeaders = (): Record<string, string> => {
    const nowS = Math.floor(clock() / 1000)
    if (nowS - windowStart >= RATE_WINDOW_S) {
      windowStart = nowS - (nowS % RATE_WINDOW_S)
      windowCount = 0
    }
    windowCount++
    return {
      'x-ratelimit-limit': `${RATE_LIMIT}, ${RATE_LIMIT};w=${RATE_WINDOW_S}`,
      'x-ratelimit-remaining': String(Math.max(0, RATE_LIMIT - windowCount)),
      'x-ratelimit-reset': String(windowStart + RATE_WINDOW_S - nowS),
    }
  }

  // Injected faults come in each of upstream's error envelopes, so clients meet them all.
  const envelope = () => ERROR_ENVELOPES[Math.floor(random() * ERROR_ENVELOPES.length)] ?? 'documented'

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const common = rateHeaders()
    const url = new URL(req.url ?? '/', 'http://simulator')
    const [, service = '', ...rest] = url.pathname.split('/')
    if (service === EXCHANGE_RATES_SERVICE) {
      // Read at the request's own time: the provider publishes a few seconds after midnight.
      write(res, exchangeRatesReply(model, req.method ?? 'GET', `/${rest.join('/')}`, clock()), {})
      return
    }
    if (!SERVICE_NAMES.includes(service)) {
      write(res, fail(404, 0, 'NotFound'), common)
      return
    }
    if (budget && service === BUDGETED_SERVICE) {
      const address = clientAddressOf(req.socket.remoteAddress)
      const decision = budget.take(address, budgetNow())
      const limit = { 'x-ratelimit-limit': `${budget.perMinute}, ${budget.perMinute};w=${RATE_WINDOW_S}` }
      if (!decision.granted) {
        const retryAfterS = Math.max(1, Math.ceil(decision.retryAfterMs / 1000))
        logger.debug({ address, path: url.pathname, retryAfterS }, 'simulator: address over its budget')
        const code = `/${rest.join('/')}` === VOTES_PATH ? 10 : 4
        write(
          res,
          fail(429, code, 'Too many requests', { headers: { 'retry-after': String(retryAfterS) } }),
          {
            ...limit,
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': String(retryAfterS),
          },
        )
        return
      }
      Object.assign(common, limit, { 'x-ratelimit-remaining': String(decision.remaining) })
    }
    if (random() < rates.throttle) {
      const retryAfter = random() < 0.2 ? '0' : '1'
      logger.debug({ path: url.pathname }, 'simulator fault: 429')
      write(
        res,
        fail(429, 4, 'Too many requests', { headers: { 'retry-after': retryAfter }, envelope: envelope() }),
        common,
      )
      return
    }
    if (random() < rates.serverError) {
      const status = random() < 0.5 ? 500 : 503
      logger.debug({ path: url.pathname, status }, 'simulator fault: server error')
      const message = status === 500 ? 'InternalServerError' : 'Service Unavailable'
      write(res, fail(status, 0, message, { envelope: envelope() }), common)
      return
    }
    const omit = random() < rates.omitFields
    let body: unknown = null
    if (req.method === 'POST') {
      try {
        body = await readJson(req)
      } catch (err) {
        if (!(err instanceof RequestBodyError)) throw err
        write(res, fail(400, 0, err.message), common)
        return
      }
    }
    const reply: Reply = route({
      model,
      method: req.method ?? 'GET',
      service,
      path: `/${rest.join('/')}`,
      query: url.searchParams,
      body,
      hasCookie: /(?:^|;\s*)\.ROBLOSECURITY=[^;]+/.test(req.headers.cookie ?? ''),
      slotMs: snapSlot(clock()),
      random,
      omit,
    })
    write(res, reply, common)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      logger.error({ err, url: req.url }, 'simulator request failed')
      if (!res.headersSent) write(res, fail(500, 0, 'InternalServerError'), {})
      else res.destroy()
    })
  })
  server.keepAliveTimeout = 5000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const base = `http://${host}:${port}`
  logger.info({ url: base, experiences: model.count }, 'simulator listening')
  return {
    url: base,
    baseTemplate: `${base}/{service}`,
    exchangeRatesUrl: `${base}/${EXCHANGE_RATES_SERVICE}${EXCHANGE_RATES_PATH}`,
    addressUse: () => budget?.use() ?? new Map(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolve()))
      }),
  }
}
