import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createWriteStream, existsSync, readFileSync, type WriteStream } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { freePort } from './free-port.ts'

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
/** Written by test/scripts/install-engines.sh (mvn dependency:build-classpath of test/engines/kafka). */
export const KAFKA_CLASSPATH_FILE =
  process.env.LUDEX_KAFKA_CLASSPATH_FILE ?? join(REPO_ROOT, '.test-engines/kafka/classpath.txt')
const LOG4J_CONFIG = join(REPO_ROOT, 'test/engines/kafka/log4j.properties')

/*
 * A short-lived single broker needs little: the C1 compiler only (tiered compilation stops at level 1:
 * the broker is up in ~1.5 s instead of ~3 s on 2 cores), the serial collector and a small heap.
 */
const FAST_START_FLAGS = ['-Xms64m', '-Xmx384m', '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1']
/** For throughput (a benchmark): both compilers and a parallel collector; slower to start. */
const THROUGHPUT_FLAGS = ['-Xms512m', '-Xmx1g', '-XX:+UseParallelGC']
const COMMON_FLAGS = [
  '-XX:-UsePerfData',
  '-Djava.awt.headless=true',
  `-Dlog4j.configuration=file:${LOG4J_CONFIG}`,
]

export class KafkaBrokerError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'KafkaBrokerError'
  }
}

/** The broker's classpath, or a clear reason it is not installed. */
export function kafkaClasspath(): string {
  if (!existsSync(KAFKA_CLASSPATH_FILE)) {
    throw new KafkaBrokerError(
      `Kafka jars are not resolved: ${KAFKA_CLASSPATH_FILE} is missing (run make test-engines)`,
    )
  }
  const classpath = readFileSync(KAFKA_CLASSPATH_FILE, 'utf8').trim()
  const missing = classpath.split(':').filter((jar) => !existsSync(jar))
  if (classpath === '' || missing.length > 0) {
    throw new KafkaBrokerError(
      `Kafka classpath lists missing jars (${missing.slice(0, 3).join(', ')}…): run make test-engines`,
    )
  }
  return classpath
}

/** Java 17 or newer and the broker's jars; resolves with a description for the harness log. */
export async function probeKafka(): Promise<string> {
  const { stderr } = await promisify(execFile)('java', ['-version'], { timeout: 30_000 })
  const major = Number(/version "(\d+)/.exec(stderr)?.[1] ?? 0)
  if (major < 17) throw new KafkaBrokerError(`Java 17 or newer is required, found: ${stderr.split('\n')[0]}`)
  const jar = kafkaClasspath()
    .split(':')
    .find((j) => /\/kafka_2\.13-[^/]+\.jar$/.test(j))
  if (!jar) throw new KafkaBrokerError('kafka_2.13 is not on the resolved classpath')
  return `${/kafka_2\.13-([^/]+)\.jar$/.exec(jar)?.[1]} on Java ${major}`
}

export interface KafkaBroker {
  /** The bootstrap address, as KAFKA_BROKERS takes it. */
  readonly brokers: string
  readonly port: number
  readonly dataDir: string
  readonly running: boolean
  /** The JVM's process id while it runs (benchmarks read its CPU time). */
  readonly pid: number | null
  /** Starts the broker again on the same ports and log dir after stop() or kill(). */
  start(): Promise<void>
  /** Graceful shutdown (SIGTERM), waiting for the process to exit. */
  stop(): Promise<void>
  /** A crash (SIGKILL): the log dir keeps whatever the broker had written. */
  kill(): Promise<void>
  /** stop() (or kill() when hard) then start(). */
  restart(options?: { hard?: boolean }): Promise<void>
  /** Kills the broker and removes its files; safe to call twice. */
  dispose(): Promise<void>
}

export interface KafkaBrokerOptions {
  /** Partitions of topics created without a count (the adapter always names one). */
  readonly defaultPartitions?: number
  /** Longest wait for the broker to report it started. */
  readonly startTimeoutMs?: number
  /** 'fast-start' (tests, the default) or 'throughput' (benchmarks). */
  readonly jvm?: 'fast-start' | 'throughput'
}

/**
 * A KRaft cluster id: 16 random bytes, URL-safe base64 without padding (what kafka-storage makes). Like
 * Kafka's own Uuid, never one starting with '-', which the storage tool would read as an option.
 */
function clusterId(): string {
  for (;;) {
    const id = randomBytes(16).toString('base64url')
    if (!id.startsWith('-')) return id
  }
}

function serverProperties(o: { port: number; controllerPort: number; logDir: string; partitions: number }) {
  return [
    'process.roles=broker,controller',
    'node.id=1',
    `controller.quorum.voters=1@127.0.0.1:${o.controllerPort}`,
    `listeners=PLAINTEXT://127.0.0.1:${o.port},CONTROLLER://127.0.0.1:${o.controllerPort}`,
    `advertised.listeners=PLAINTEXT://127.0.0.1:${o.port}`,
    'controller.listener.names=CONTROLLER',
    'listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    'inter.broker.listener.name=PLAINTEXT',
    `log.dirs=${o.logDir}`,
    `num.partitions=${o.partitions}`,
    // Topics are created by the adapter (ensureTopics), as `ludex migrate` does in production.
    'auto.create.topics.enable=false',
    // One broker: every internal topic has one replica; one partition each keeps start-up short.
    'offsets.topic.replication.factor=1',
    'offsets.topic.num.partitions=1',
    'transaction.state.log.replication.factor=1',
    'transaction.state.log.min.isr=1',
    'transaction.state.log.num.partitions=1',
    // A consumer group forms at once instead of after the default 3 s delay.
    'group.initial.rebalance.delay.ms=0',
    // Lets a test give a consumer a short session, to show what keeps it alive (default minimum 6 s).
    'group.min.session.timeout.ms=500',
    // After a crash, the restarted broker can register only once the controller expired the old
    // incarnation's session: 2 s instead of the default 9 s.
    'broker.heartbeat.interval.ms=500',
    'broker.session.timeout.ms=2000',
    // Few threads and a small cleaner buffer: the machine is 2 cores shared with the tests.
    'num.network.threads=2',
    'num.io.threads=2',
    'background.threads=2',
    'num.recovery.threads.per.data.dir=1',
    'log.cleaner.threads=1',
    'log.cleaner.dedupe.buffer.size=8388608',
    '',
  ].join('\n')
}

const TAIL_CHARS = 16_000

/**
 * Starts a single-node Kafka (KRaft combined mode: broker and controller in one JVM) on free loopback
 * ports, with its log dir in a fresh temp dir. One per test file that needs it: it is up in about 2 s.
 */
export async function startKafkaBroker(options: KafkaBrokerOptions = {}): Promise<KafkaBroker> {
  const classpath = kafkaClasspath()
  const dir = await mkdtemp(join(tmpdir(), 'ludex-kafka-'))
  const logDir = join(dir, 'data')
  const port = await freePort()
  const controllerPort = await freePort()
  const propertiesFile = join(dir, 'server.properties')
  await writeFile(
    propertiesFile,
    serverProperties({ port, controllerPort, logDir, partitions: options.defaultPartitions ?? 1 }),
  )
  const startTimeoutMs = options.startTimeoutMs ?? 60_000
  const jvmFlags = [...(options.jvm === 'throughput' ? THROUGHPUT_FLAGS : FAST_START_FLAGS), ...COMMON_FLAGS]
  const output: WriteStream = createWriteStream(join(dir, 'broker.log'), { flags: 'a' })

  try {
    await promisify(execFile)(
      'java',
      [
        ...FAST_START_FLAGS,
        ...COMMON_FLAGS,
        '-cp',
        classpath,
        'kafka.tools.StorageTool',
        'format',
        '-t',
        clusterId(),
        '-c',
        propertiesFile,
      ],
      { timeout: startTimeoutMs },
    )
  } catch (err) {
    output.end()
    await rm(dir, { recursive: true, force: true })
    // The command line holds the whole classpath: report what the tool said instead.
    const stderr = (err as { stderr?: string }).stderr ?? ''
    throw new KafkaBrokerError(
      `formatting the Kafka log dir failed: ${stderr.trim() || (err as Error).message}`,
    )
  }

  let child: ChildProcess | null = null
  let exited: Promise<void> = Promise.resolve()
  // A test process that dies must not leave a JVM behind: kill it synchronously on exit.
  const killOnExit = () => child?.kill('SIGKILL')
  process.on('exit', killOnExit)

  const start = async () => {
    if (child) throw new KafkaBrokerError('the broker is already running')
    let tail = ''
    const proc = spawn('java', [...jvmFlags, '-cp', classpath, 'kafka.Kafka', propertiesFile], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child = proc
    // 'close', not 'exit': the output streams have ended too, so nothing is written after dispose().
    exited = new Promise((resolveExit) => proc.once('close', () => resolveExit()))
    void exited.then(() => {
      if (child === proc) child = null
    })
    await new Promise<void>((resolveStart, reject) => {
      const timer = setTimeout(() => {
        proc.kill('SIGKILL')
        reject(new KafkaBrokerError(`Kafka did not start within ${startTimeoutMs} ms:\n${tail}`))
      }, startTimeoutMs)
      const onData = (chunk: Buffer) => {
        output.write(chunk)
        tail = (tail + chunk.toString()).slice(-TAIL_CHARS)
        if (tail.includes('Kafka Server started')) {
          clearTimeout(timer)
          resolveStart()
        }
      }
      proc.stdout.on('data', onData)
      proc.stderr.on('data', onData)
      proc.once('error', (cause) => {
        clearTimeout(timer)
        reject(new KafkaBrokerError('could not run java', { cause }))
      })
      proc.once('exit', (code, signal) => {
        clearTimeout(timer)
        reject(new KafkaBrokerError(`Kafka exited during start-up (${signal ?? code}):\n${tail}`))
      })
    })
  }

  const halt = async (signal: NodeJS.Signals) => {
    const proc = child
    if (!proc) return
    proc.kill(signal)
    // A graceful shutdown that hangs still ends: SIGKILL after 20 s.
    const force = setTimeout(() => proc.kill('SIGKILL'), 20_000)
    await exited
    clearTimeout(force)
  }

  const broker: KafkaBroker = {
    brokers: `127.0.0.1:${port}`,
    port,
    dataDir: logDir,
    get running() {
      return child !== null
    },
    get pid() {
      return child?.pid ?? null
    },
    start,
    stop: () => halt('SIGTERM'),
    kill: () => halt('SIGKILL'),
    restart: async (o = {}) => {
      await halt(o.hard ? 'SIGKILL' : 'SIGTERM')
      await start()
    },
    dispose: async () => {
      await halt('SIGKILL')
      process.off('exit', killOnExit)
      await new Promise<void>((resolveEnd) => output.end(() => resolveEnd()))
      await rm(dir, { recursive: true, force: true })
    },
  }
  try {
    await start()
  } catch (err) {
    await broker.dispose()
    throw err
  }
  return broker
}
