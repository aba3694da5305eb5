import {
  type BatchHandler,
  type Bus,
  BusValidationError,
  type DeadLetter,
  type SubscribeOptions,
  type Subscription,
  type Topic,
} from '@ludex/schemas'
import type { Logger } from 'pino'
import { CompiledTopics } from './compiled-topics.ts'
import { type DeadLetterHandler, describeIssues } from './dead-letter-handler.ts'
import { type BusRetryOptions, deliverBatch, keyOf, type RetryPolicy, retryPolicy } from './delivery.ts'
import { BusClosedError, DuplicateSubscriptionError } from './errors.ts'
import type { BusObserver } from './observer.ts'
import { type LogEntry, RawEntry, TopicLog } from './topic-log.ts'

/**
 * What the consumer side re-validates. 'always' parses every message again before the handler.
 * 'unvalidated' parses only messages that did not come out of the publish-side parse (publishRaw):
 * a published message is the bus's private copy made by the schema's parse, which no producer can reach,
 * so parsing it again proves nothing and would cost a second zod pass per message (measured: the
 * difference between meeting and missing the ingest budget; see pipelines/README.md).
 */
export type ConsumerValidation = 'always' | 'unvalidated'

export interface InProcessBusOptions extends BusRetryOptions {
  /** Messages retained per topic (not yet consumed by every group); producers wait beyond it. */
  readonly capacity: number
  readonly logger: Logger
  /**
   * Where dead letters go: messages that fail consumer-side validation, and messages the store refused
   * alone. Default: logged at error level.
   */
  readonly onDeadLetter?: DeadLetterHandler
  readonly consumerValidation?: ConsumerValidation
  /** Told of redeliveries and dead letters (metrics). */
  readonly observer?: BusObserver
}

export interface InProcessBus extends Bus {
  /**
   * Publishes a payload without validating it, as a foreign producer (or a corrupted record) would.
   * Consumers validate it and dead-letter it if it does not match. For tests and tools only.
   */
  publishRaw(topicName: string, payload: unknown, key?: string): Promise<void>
}

export function createInProcessBus(options: InProcessBusOptions): InProcessBus {
  return new InProcessBusImpl(options)
}

interface Waiter {
  resolve: () => void
}

class TopicState {
  readonly log = new TopicLog()
  readonly groups = new Map<string, GroupConsumer<unknown>>()
  /** Publishes of a topic run one after the other, so a caller's order is the log's order. */
  publishTail: Promise<void> = Promise.resolve()
  private spaceWaiters: Waiter[] = []

  constructor(readonly name: string) {}

  waitForSpace(): Promise<void> {
    return new Promise((resolve) => this.spaceWaiters.push({ resolve }))
  }

  wakeProducers(): void {
    const waiters = this.spaceWaiters
    this.spaceWaiters = []
    for (const w of waiters) w.resolve()
  }

  wakeConsumers(): void {
    for (const g of this.groups.values()) g.wake()
  }

  /** Forgets what every active group has consumed; with no group, everything is retained. */
  trim(): void {
    if (this.groups.size === 0) return
    let min = Number.POSITIVE_INFINITY
    for (const g of this.groups.values()) min = Math.min(min, g.committed)
    const before = this.log.size
    this.log.trimTo(min)
    if (this.log.size < before) this.wakeProducers()
  }

  isIdle(): boolean {
    for (const g of this.groups.values()) if (g.committed < this.log.end) return false
    return true
  }
}

class InProcessBusImpl implements InProcessBus {
  private readonly topicStates = new Map<string, TopicState>()
  private readonly capacity: number
  private readonly logger: Logger
  private readonly policy: RetryPolicy
  private readonly observer: BusObserver | undefined
  private readonly onDeadLetter: DeadLetterHandler
  private readonly consumerValidation: ConsumerValidation
  private readonly compiled = new CompiledTopics()
  private idleWaiters: Waiter[] = []
  private closed = false

  constructor(options: InProcessBusOptions) {
    if (!Number.isInteger(options.capacity) || options.capacity < 1) {
      throw new RangeError(`capacity must be a positive integer, got ${options.capacity}`)
    }
    this.capacity = options.capacity
    this.logger = options.logger
    this.policy = retryPolicy(options)
    this.observer = options.observer
    this.consumerValidation = options.consumerValidation ?? 'unvalidated'
    this.onDeadLetter =
      options.onDeadLetter ??
      (async (letters, { group }) => {
        for (const l of letters)
          this.logger.error({ ...l, group }, 'dead letter (no dead-letter handler wired)')
      })
  }

  async publish<T>(topic: Topic<T>, messages: readonly T[]): Promise<void> {
    if (this.closed) throw new BusClosedError(topic.name)
    const entries: LogEntry[] = new Array(messages.length)
    const { schema } = this.compiled.of(topic)
    for (let i = 0; i < messages.length; i++) {
      const parsed = schema.safeParse(messages[i])
      if (!parsed.success) {
        throw new BusValidationError(topic.name, i, describeIssues(parsed.error.issues), {
          cause: parsed.error,
        })
      }
      entries[i] = parsed.data as object
    }
    return this.enqueue(this.state(topic.name), entries)
  }

  async publishRaw(topicName: string, payload: unknown, key = 'raw'): Promise<void> {
    if (this.closed) throw new BusClosedError(topicName)
    return this.enqueue(this.state(topicName), [new RawEntry(key, payload)])
  }

  subscribe<T>(topic: Topic<T>, options: SubscribeOptions, handler: BatchHandler<T>): Subscription {
    if (this.closed) throw new BusClosedError(topic.name)
    if (!(options.maxBatch >= 1)) throw new RangeError(`maxBatch must be ≥ 1, got ${options.maxBatch}`)
    const state = this.state(topic.name)
    if (state.groups.has(options.group)) throw new DuplicateSubscriptionError(topic.name, options.group)
    const consumer = new GroupConsumer<T>({
      topic: this.compiled.of(topic),
      state,
      options,
      handler,
      onDeadLetter: this.onDeadLetter,
      revalidateAll: this.consumerValidation === 'always',
      policy: this.policy,
      ...(this.observer && { observer: this.observer }),
      logger: this.logger.child({ topic: topic.name, group: options.group }),
      onProgress: () => this.checkIdle(),
    })
    // GroupConsumer<T> is stored among consumers of any message type: the topic map is heterogeneous.
    state.groups.set(options.group, consumer as unknown as GroupConsumer<unknown>)
    consumer.start()
    return {
      stop: async () => {
        await consumer.stop()
        if (state.groups.get(options.group) === (consumer as unknown as GroupConsumer<unknown>)) {
          state.groups.delete(options.group)
        }
        state.trim()
        this.checkIdle()
      },
    }
  }

  async drain(): Promise<void> {
    for (;;) {
      const tails = [...this.topicStates.values()].map((s) => s.publishTail)
      await Promise.all(tails)
      if (this.closed) return
      const stillSame = [...this.topicStates.values()].every((s, i) => s.publishTail === tails[i])
      if (stillSame && this.isIdle()) {
        for (const s of this.topicStates.values()) {
          if (s.groups.size === 0 && s.log.size > 0) {
            this.logger.warn(
              { topic: s.name, retained: s.log.size },
              'drain: topic has messages but no subscriber',
            )
          }
        }
        return
      }
      if (!this.isIdle()) await new Promise<void>((resolve) => this.idleWaiters.push({ resolve }))
    }
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    const stops: Promise<void>[] = []
    for (const s of this.topicStates.values()) {
      for (const g of s.groups.values()) stops.push(g.stop())
      s.wakeProducers()
    }
    await Promise.all(stops)
    this.wakeIdle()
  }

  private state(name: string): TopicState {
    let s = this.topicStates.get(name)
    if (!s) {
      s = new TopicState(name)
      this.topicStates.set(name, s)
    }
    return s
  }

  private enqueue(state: TopicState, entries: LogEntry[]): Promise<void> {
    const run = state.publishTail.then(() => this.append(state, entries))
    // The chain must survive a failed publish; the caller still sees the failure through `run`.
    state.publishTail = run.catch(() => undefined)
    return run
  }

  private async append(state: TopicState, entries: LogEntry[]): Promise<void> {
    let i = 0
    while (i < entries.length) {
      if (this.closed) throw new BusClosedError(state.name)
      const free = this.capacity - state.log.size
      if (free <= 0) {
        await state.waitForSpace()
        continue
      }
      const end = Math.min(entries.length, i + free)
      for (; i < end; i++) state.log.append(entries[i]!)
      state.wakeConsumers()
    }
  }

  private isIdle(): boolean {
    for (const s of this.topicStates.values()) if (!s.isIdle()) return false
    return true
  }

  private checkIdle(): void {
    if (this.idleWaiters.length > 0 && this.isIdle()) this.wakeIdle()
  }

  private wakeIdle(): void {
    const waiters = this.idleWaiters
    this.idleWaiters = []
    for (const w of waiters) w.resolve()
  }
}

interface GroupConsumerOptions<T> {
  readonly topic: Topic<T>
  readonly state: TopicState
  readonly options: SubscribeOptions
  readonly handler: BatchHandler<T>
  readonly onDeadLetter: DeadLetterHandler
  readonly revalidateAll: boolean
  readonly policy: RetryPolicy
  readonly observer?: BusObserver
  readonly logger: Logger
  readonly onProgress: () => void
}

/** One group's reader of a topic: one batch at a time, so the topic's order is the delivery order. */
class GroupConsumer<T> {
  /** Offset of the next message this group has not yet consumed. */
  committed: number
  private stopped = false
  private waker: (() => void) | null = null
  private loop: Promise<void> = Promise.resolve()

  constructor(private readonly o: GroupConsumerOptions<T>) {
    // A new group starts at the oldest retained message, so what was buffered before it came is not lost.
    this.committed = o.state.log.start
  }

  start(): void {
    this.loop = this.run().catch((err: unknown) => {
      this.o.logger.fatal({ err }, 'consumer loop crashed')
    })
  }

  wake(): void {
    const w = this.waker
    this.waker = null
    w?.()
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.wake()
    await this.loop
  }

  private available(): number {
    return this.o.state.log.end - this.committed
  }

  /** Resolves on new data, stop, or after timeoutMs. */
  private sleep(timeoutMs?: number): Promise<void> {
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined
      this.waker = () => {
        if (timer) clearTimeout(timer)
        resolve()
      }
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          this.waker = null
          resolve()
        }, timeoutMs)
      }
    })
  }

  private async run(): Promise<void> {
    const { maxBatch, maxWaitMs } = this.o.options
    while (!this.stopped) {
      if (this.available() <= 0) {
        await this.sleep()
        continue
      }
      if (this.available() < maxBatch && maxWaitMs > 0) {
        const deadline = performance.now() + maxWaitMs
        for (;;) {
          const left = deadline - performance.now()
          if (this.stopped || this.available() >= maxBatch || left <= 0) break
          await this.sleep(left)
        }
        if (this.stopped) break
      }
      const count = Math.min(maxBatch, this.available())
      const entries = this.o.state.log.slice(this.committed, count)
      const handled = await this.process(entries)
      if (!handled) break
      this.committed += count
      this.o.state.trim()
      this.o.onProgress()
    }
  }

  /**
   * Hands the batch over (deliverBatch: dead letters first, bounded retries and bisection of what the
   * store refuses, unbounded retries while it is unavailable); false if stopped first (the batch stays
   * unconsumed).
   */
  private async process(entries: readonly LogEntry[]): Promise<boolean> {
    const { topic } = this.o
    const valid: T[] = []
    const dead: DeadLetter[] = []
    for (const e of entries) {
      const raw = e instanceof RawEntry
      if (!raw && !this.o.revalidateAll) {
        // A validated entry is the output of topic.schema's parse for this very topic.
        valid.push(e as T)
        continue
      }
      const message = raw ? e.payload : e
      const parsed = topic.schema.safeParse(message)
      if (parsed.success) valid.push(parsed.data)
      else
        dead.push({
          topic: topic.name,
          key: raw ? e.key : keyOf(topic, message),
          reason: describeIssues(parsed.error.issues),
          payload: message,
        })
    }
    const { group } = this.o.options
    const outcome = await deliverBatch(valid, dead, {
      topic,
      group,
      policy: this.o.policy,
      handler: this.o.handler,
      writeDeadLetters: (letters) => this.o.onDeadLetter(letters, { group }),
      wait: (ms) => this.backoff(ms),
      ...(this.o.observer && { observer: this.o.observer }),
      logger: this.o.logger,
    })
    return outcome.done
  }

  /** Waits ms unless stopped first; false if stopped. */
  private async backoff(ms: number): Promise<boolean> {
    // New data wakes the sleeper too: sleep again until the backoff has passed; only a stop ends it.
    const until = performance.now() + ms
    while (!this.stopped && performance.now() < until) await this.sleep(until - performance.now())
    return !this.stopped
  }
}
