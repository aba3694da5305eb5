import { BusValidationError, type Publisher, type Topic } from '@ludex/schemas'

/**
 * Stands in for the bus of one process in tests: validates with the topic's schema like every Publisher
 * must, then keeps what it was given, per topic.
 */
export class CollectingPublisher implements Publisher {
  readonly byTopic = new Map<string, unknown[]>()
  private readonly waiters: { topic: string; count: number; resolve: () => void }[] = []

  async publish<T>(topic: Topic<T>, messages: readonly T[]): Promise<void> {
    messages.forEach((m, i) => {
      const r = topic.schema.safeParse(m)
      if (!r.success) throw new BusValidationError(topic.name, i, r.error.message)
    })
    const list = this.byTopic.get(topic.name) ?? []
    list.push(...messages)
    this.byTopic.set(topic.name, list)
    for (const w of this.waiters.splice(0)) {
      if ((this.byTopic.get(w.topic)?.length ?? 0) >= w.count) w.resolve()
      else this.waiters.push(w)
    }
  }

  of<T>(topic: Topic<T>): T[] {
    return (this.byTopic.get(topic.name) ?? []) as T[]
  }

  /** Resolves once the topic holds at least `count` messages (at once if it does already). */
  holds<T>(topic: Topic<T>, count: number): Promise<void> {
    if (this.of(topic).length >= count) return Promise.resolve()
    return new Promise((resolve) => this.waiters.push({ topic: topic.name, count, resolve }))
  }

  clear() {
    this.byTopic.clear()
  }
}
