// The load generator of `ludex bench`'s API part, in a worker thread beside the server (plain JavaScript:
// a worker does not inherit the main thread's TypeScript loader). autocannon 8 decodes every response
// body into a string (for body checks the bench never makes); on the server's own event loop that cost
// more than serving a large answer (the slim list: 5 ms of the 6 per request), which no remote client
// puts on a server. Its CPU still counts in the process's CPU per request.
import { parentPort, workerData } from 'node:worker_threads'
import autocannon from 'autocannon'
import hdr from 'hdr-histogram-js'

/** @type {{ url: string, connections: number, duration: number, headers: Record<string, string> }} */
const { url, connections, duration, headers } = workerData
// autocannon reports p97.5 but not p95: every response time also goes into a histogram of our own.
const latencies = hdr.build({
  lowestDiscernibleValue: 1,
  highestTrackableValue: 60_000,
  numberOfSignificantValueDigits: 3,
})

const options = { url, connections, duration, headers }
const run = autocannon(options, (err, raw) => {
  if (err) throw err
  // Off the main thread autocannon leaves its result unaggregated (its own workers merge them).
  const result = autocannon.aggregateResult([raw], options)
  parentPort?.postMessage({
    answered: latencies.totalCount,
    p50: latencies.getValueAtPercentile(50),
    p95: latencies.getValueAtPercentile(95),
    p99: latencies.getValueAtPercentile(99),
    requests: result.requests.total,
    requestsPerSecond: result.requests.total / duration,
    non2xx: result.non2xx,
  })
})
run.on('response', (_client, _status, _bytes, responseTimeMs) =>
  latencies.recordValue(Math.max(1, Math.round(responseTimeMs))),
)
