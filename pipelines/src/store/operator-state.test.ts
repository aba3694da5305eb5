import type { ClickHouseClient } from '@clickhouse/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestStore } from '../materialise/test-store.ts'
import { readOperatorState, writeOperatorState } from './operator-state.ts'

let client: ClickHouseClient
beforeAll(async () => {
  client = await openTestStore()
})
afterAll(async () => {
  await client.close()
})

describe('operator state', () => {
  it('reads null for a key never written, and the latest write otherwise', async () => {
    expect(await readOperatorState(client, 'a')).toBeNull()
    await writeOperatorState(client, 'a', 'first', 1_000)
    await writeOperatorState(client, 'b', 'other', 5_000)
    await writeOperatorState(client, 'a', 'second', 2_000)
    expect(await readOperatorState(client, 'a')).toBe('second')
    expect(await readOperatorState(client, 'b')).toBe('other')
  })

  it('keeps the value with the latest time, whatever the order of the writes', async () => {
    await writeOperatorState(client, 'c', 'newer', 9_000)
    await writeOperatorState(client, 'c', 'older', 8_000)
    expect(await readOperatorState(client, 'c')).toBe('newer')
    // Equal times: the later write wins.
    await writeOperatorState(client, 'c', 'same time, written last', 9_000)
    expect(await readOperatorState(client, 'c')).toBe('same time, written last')
  })
})
