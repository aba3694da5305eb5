import { Session } from 'chdb'
import { rmSync } from 'node:fs'
const variant = process.argv[2]
const dir = `/tmp/insb/${variant}`
rmSync(dir, { recursive: true, force: true })
const s = new Session(dir)
const q = (x) => s.queryAsync(x)
const C = (c) => variant.includes('nocodec') ? '' : variant.includes('lz4') ? c.replace(/ZSTD\(1\)/g, 'LZ4') : c
const order = variant.includes('oldorder') ? 'ORDER BY (place_id, slot)' : 'ORDER BY (toDate(slot), place_id, toUnixTimestamp(slot))'
await q(`CREATE DATABASE d`)
await q(`CREATE TABLE d.ps (
 place_id UInt64 ${C('CODEC(ZSTD(1))')}, universe_id UInt64 ${C('CODEC(ZSTD(1))')}, slot DateTime('UTC') ${C('CODEC(Delta, ZSTD(1))')},
 observed_at DateTime64(3,'UTC') ${C('CODEC(Delta, ZSTD(1))')}, playing UInt32 ${C('CODEC(T64, ZSTD(1))')}, visits UInt64 ${C('CODEC(DoubleDelta, ZSTD(1))')},
 favorites UInt64 ${C('CODEC(DoubleDelta, ZSTD(1))')}, up_votes Nullable(UInt64) ${C('CODEC(DoubleDelta, ZSTD(1))')}, down_votes Nullable(UInt64) ${C('CODEC(DoubleDelta, ZSTD(1))')}, source LowCardinality(String))
 ENGINE = ReplacingMergeTree(observed_at) PARTITION BY toYYYYMM(slot) ${order}`)
if (!variant.includes('nomv')) {
await q(`CREATE TABLE d.pl (place_id UInt64, universe_id UInt64, slot DateTime('UTC'), observed_at DateTime64(3,'UTC'), playing UInt32, visits UInt64, favorites UInt64, up_votes Nullable(UInt64), down_votes Nullable(UInt64)) ENGINE = ReplacingMergeTree(slot) ORDER BY place_id`)
await q(`CREATE MATERIALIZED VIEW d.mv TO d.pl AS SELECT place_id, newest.1 AS universe_id, newest.2 AS slot, newest.3 AS observed_at, newest.4 AS playing, newest.5 AS visits, newest.6 AS favorites, newest.7 AS up_votes, newest.8 AS down_votes FROM (SELECT place_id, argMax((universe_id, slot, observed_at, playing, visits, favorites, up_votes, down_votes), (slot, observed_at)) AS newest FROM d.ps GROUP BY place_id)`)
}
const N = 2000, SLOTS = 50, BATCHES = 60
const t0 = Date.UTC(2026, 6, 1) / 1000
function batch(b) {
  let out = ''
  for (let k = 0; k < SLOTS; k++) {
    const slot = t0 + (b * SLOTS + k) * 600
    for (let p = 0; p < N; p++) {
      const playing = Math.floor(100 + 50 * Math.sin((slot / 3600 + p) / 4) + p % 97)
      const visits = 1000000 + p * 1000 + Math.floor(slot / 60) * (p % 13 + 1)
      out += `${1000000 + p * 7}\t${500000 + p * 3}\t${slot}\t${slot * 1000 + 1234 + (p % 50)}\t${playing}\t${visits}\t${5000 + p + Math.floor(slot / 86400)}\t${2000 + p}\t${100 + (p % 10)}\tbackfill\n`
    }
  }
  return Buffer.from(out)
}
const batches = Array.from({ length: BATCHES }, (_, b) => batch(b))
const cpu0 = process.cpuUsage(); const t = performance.now()
const set = variant.includes('nooi') ? { optimize_on_insert: 0, input_format_parallel_parsing: 0 } : { input_format_parallel_parsing: 0 }
for (const b of batches) await s.insert({ table: 'd.ps', values: b, format: 'TabSeparated', columns: ['place_id','universe_id','slot','observed_at','playing','visits','favorites','up_votes','down_votes','source'], settings: set })
const wall = performance.now() - t; const cpu = process.cpuUsage(cpu0)
const rows = N * SLOTS * BATCHES
const parts = (await s.queryAsync(`SELECT count() c, sum(data_compressed_bytes) b FROM system.parts WHERE active AND database='d' AND table='ps'`, { format: 'JSONEachRow' })).json()
console.log(variant.padEnd(22), Math.round(rows / (wall / 1000)), 'rows/s', 'cpu us/row', ((cpu.user + cpu.system) / rows).toFixed(2), JSON.stringify(parts))
