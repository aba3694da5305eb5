import {
  type ClusterOptions,
  EVERYWHERE_REPLICATION,
  localTable,
  PLACE_COLUMN,
  PLACE_SHARDING_KEY,
  SHARD_REPLICATION,
} from './options.ts'
import { closingParen, splitTopLevel, withoutLeadingComments } from './sql-text.ts'

/**
 * How a table lives on the cluster: 'sharded' (a table of places: `<name>_local` replicated per shard,
 * a Distributed table `<name>` over them), 'everywhere' (replicated whole on every server under its own
 * name), or a materialised 'view' (on the local tables, firing where the rows land).
 */
export type ClusterTableKind = 'sharded' | 'everywhere' | 'view'

export class ClusterDdlError extends Error {
  constructor(
    message: string,
    readonly statement: string,
  ) {
    super(`${message}: ${statement.slice(0, 200)}`)
    this.name = 'ClusterDdlError'
  }
}

export interface ClusterTranslator {
  /**
   * The cluster statements for one single-node statement of the migrations, in order. Statements must
   * be given in the migrations' order: the translator remembers what each table became.
   */
  translate(statement: string): string[]
  /** Every table and view the statements so far left, with how it lives on the cluster. */
  tables(): ReadonlyMap<string, ClusterTableKind>
}

const NAME = '([A-Za-z_][A-Za-z0-9_]*)'
const CREATE_TABLE = new RegExp(`^CREATE\\s+TABLE\\s+(IF\\s+NOT\\s+EXISTS\\s+)?${NAME}\\s*\\(`, 'i')
const ENGINE = new RegExp(`^\\s*ENGINE\\s*=\\s*${NAME}`, 'i')
const CREATE_VIEW = new RegExp(
  `^CREATE\\s+MATERIALIZED\\s+VIEW\\s+(IF\\s+NOT\\s+EXISTS\\s+)?${NAME}\\s+TO\\s+${NAME}\\s+AS\\s+([\\s\\S]+)$`,
  'i',
)
const DROP = new RegExp(`^DROP\\s+(TABLE|VIEW)\\s+(IF\\s+EXISTS\\s+)?${NAME}\\s*$`, 'i')
const ALTER = new RegExp(`^ALTER\\s+TABLE\\s+${NAME}\\s+([\\s\\S]+)$`, 'i')
const RENAME = /^RENAME\s+TABLE\s+([\s\S]+)$/i
const RENAME_PAIR = new RegExp(`^${NAME}\\s+TO\\s+${NAME}$`, 'i')
const INSERT = /^INSERT\s+INTO\s/i
/** A column definition naming the place, at the start of a line of the column list. */
const PLACE_COLUMN_DEF = new RegExp(`(^|\\n)\\s*${PLACE_COLUMN}\\s`)
/** Changes of a table's columns, which its Distributed table must follow. */
const COLUMN_CHANGE = /^(ADD|DROP|RENAME|MODIFY)\s+COLUMN\s/i
/** A column's codec alone: storage, nothing a Distributed table has. */
const CODEC_ONLY = new RegExp(`^MODIFY\\s+COLUMN\\s+${NAME}\\s+CODEC\\s*\\(`, 'i')
const SOURCE_TABLE = new RegExp(`\\b(FROM|JOIN)\\s+${NAME}`, 'gi')

/**
 * Rewrites the migrations' single-node DDL for a cluster (CLICKHOUSE_CLUSTER), so the cluster's DDL is
 * generated from the same files. Every statement gets ON CLUSTER. A table with a place_id column becomes
 * `<table>_local` (the Replicated form of its engine, one replication group per shard) and a Distributed
 * table under its own name sharded by place: readers and writers keep the names of the table map, and
 * every row of one place is on one shard. A table without a place_id is replicated whole on every
 * server. Materialised views are made on the local tables. A DROP removes both tables, a codec change
 * goes to the local table, a column change to both, a RENAME moves the local tables (each Distributed
 * table serves `<its name>_local` by name). INSERTs run as written, through the Distributed tables.
 * Anything else is refused with ClusterDdlError rather than guessed at: the test that generates the
 * whole DDL in `make test` then names the statement.
 */
export function createClusterTranslator(options: ClusterOptions): ClusterTranslator {
  const cluster = options.name
  const known = new Map<string, ClusterTableKind>()

  function kindOf(name: string, statement: string): ClusterTableKind {
    const kind = known.get(name)
    if (!kind) throw new ClusterDdlError(`no earlier statement made '${name}'`, statement)
    return kind
  }

  function createTable(statement: string, m: RegExpExecArray): string[] {
    const ifNotExists = m[1] ? 'IF NOT EXISTS ' : ''
    const name = m[2]!
    const open = m[0].length - 1
    const close = closingParen(statement, open)
    if (close < 0) throw new ClusterDdlError('unbalanced column list', statement)
    const columns = statement.slice(open, close + 1)
    const rest = statement.slice(close + 1)
    const engine = ENGINE.exec(rest)
    if (!engine || !engine[1]!.endsWith('MergeTree') || engine[1]!.startsWith('Replicated')) {
      throw new ClusterDdlError('only *MergeTree tables have a cluster form', statement)
    }
    let after = rest.slice(engine[0].length)
    let args: string[] = []
    const argsOpen = after.search(/\S/)
    if (argsOpen >= 0 && after[argsOpen] === '(') {
      const argsClose = closingParen(after, argsOpen)
      args = splitTopLevel(after.slice(argsOpen + 1, argsClose))
      after = after.slice(argsClose + 1)
    }
    const sharded = PLACE_COLUMN_DEF.test(columns)
    const replication = sharded ? SHARD_REPLICATION : EVERYWHERE_REPLICATION
    const local = sharded ? localTable(name) : name
    const out = [
      `CREATE TABLE ${ifNotExists}${local} ON CLUSTER ${cluster}\n${columns}\n` +
        `ENGINE = Replicated${engine[1]}(${[...replication, ...args].join(', ')})${after}`,
    ]
    if (sharded) {
      out.push(
        `CREATE TABLE ${ifNotExists}${name} ON CLUSTER ${cluster} AS ${local}\n` +
          `ENGINE = Distributed('${cluster}', '${options.database}', '${local}', ${PLACE_SHARDING_KEY})`,
      )
    }
    known.set(name, sharded ? 'sharded' : 'everywhere')
    return out
  }

  function createView(statement: string, m: RegExpExecArray): string[] {
    const [, ifNotExists, name, target, select] = m
    const targetKind = kindOf(target!, statement)
    const select2 = select!.replace(SOURCE_TABLE, (all, keyword: string, source: string) => {
      const kind = kindOf(source, statement)
      if (kind !== targetKind) {
        throw new ClusterDdlError(
          `a view from '${source}' (${kind}) into '${target}' (${targetKind})`,
          statement,
        )
      }
      return kind === 'sharded' ? `${keyword} ${localTable(source)}` : all
    })
    const to = targetKind === 'sharded' ? localTable(target!) : target!
    known.set(name!, 'view')
    return [
      `CREATE MATERIALIZED VIEW ${ifNotExists ? 'IF NOT EXISTS ' : ''}${name} ON CLUSTER ${cluster} TO ${to} AS ${select2}`,
    ]
  }

  function drop(statement: string, m: RegExpExecArray): string[] {
    const [, what, ifExists, name] = m
    const kind = known.get(name!)
    known.delete(name!)
    const clause = ifExists ? 'IF EXISTS ' : ''
    if (what!.toUpperCase() === 'VIEW' || kind === 'everywhere') {
      return [`DROP ${what!.toUpperCase()} ${clause}${name} ON CLUSTER ${cluster}`]
    }
    // A table this history does not know (a rename's leftover) may be either form: IF EXISTS drops both.
    if (!kind && !ifExists) throw new ClusterDdlError(`no earlier statement made '${name}'`, statement)
    return [
      `DROP TABLE ${clause}${name} ON CLUSTER ${cluster}`,
      `DROP TABLE ${clause}${localTable(name!)} ON CLUSTER ${cluster}`,
    ]
  }

  function alter(statement: string, m: RegExpExecArray): string[] {
    const [, name, body] = m
    const kind = kindOf(name!, statement)
    if (kind === 'view') throw new ClusterDdlError('views are not altered', statement)
    if (kind === 'everywhere') return [`ALTER TABLE ${name} ON CLUSTER ${cluster} ${body}`]
    const changes = splitTopLevel(body!)
    const shared = changes.filter((c) => COLUMN_CHANGE.test(c) && !CODEC_ONLY.test(c))
    const out = [`ALTER TABLE ${localTable(name!)} ON CLUSTER ${cluster} ${body}`]
    if (shared.length > 0) out.push(`ALTER TABLE ${name} ON CLUSTER ${cluster} ${shared.join(', ')}`)
    return out
  }

  function rename(statement: string, m: RegExpExecArray): string[] {
    const pairs = splitTopLevel(m[1]!).map((p) => {
      const pair = RENAME_PAIR.exec(p)
      if (!pair) throw new ClusterDdlError(`cannot read the rename '${p}'`, statement)
      return [pair[1]!, pair[2]!] as const
    })
    const kinds = new Set(pairs.map(([from]) => kindOf(from, statement)))
    if (kinds.size !== 1 || kinds.has('view')) {
      throw new ClusterDdlError('a rename takes tables of one kind', statement)
    }
    const sharded = kinds.has('sharded')
    for (const [from, to] of pairs) {
      const kind = known.get(from)!
      known.delete(from)
      known.set(to, kind)
    }
    const list = pairs
      .map(([from, to]) => (sharded ? `${localTable(from)} TO ${localTable(to)}` : `${from} TO ${to}`))
      .join(', ')
    return [`RENAME TABLE ${list} ON CLUSTER ${cluster}`]
  }

  const forms: readonly [RegExp, (s: string, m: RegExpExecArray) => string[]][] = [
    [CREATE_TABLE, createTable],
    [CREATE_VIEW, createView],
    [DROP, drop],
    [ALTER, alter],
    [RENAME, rename],
    [INSERT, (s) => [s]],
  ]

  return {
    translate(statement) {
      const s = withoutLeadingComments(statement).trim()
      for (const [form, write] of forms) {
        const m = form.exec(s)
        if (m) return write(s, m)
      }
      throw new ClusterDdlError('no cluster form for this statement', s)
    },
    tables: () => known,
  }
}
