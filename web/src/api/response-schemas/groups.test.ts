import { describe, expect, it } from 'vitest'
import { SCHEMA_GROUPS, type SchemaGroup } from './groups.ts'
import { SCHEMA_MODULES } from './modules.ts'

const groups = Object.keys(SCHEMA_GROUPS) as SchemaGroup[]

describe('the response schemas by group', () => {
  it('each module holds exactly the names its group lists, and each is a schema', async () => {
    for (const group of groups) {
      const module: Record<string, unknown> = await SCHEMA_MODULES[group]()
      expect(Object.keys(module).sort(), group).toEqual([...SCHEMA_GROUPS[group]].sort())
      for (const [name, schema] of Object.entries(module)) {
        expect(typeof (schema as { safeParse?: unknown }).safeParse, name).toBe('function')
      }
    }
  })

  it('no name is in two groups, so a name always loads the one module that has it', () => {
    const names = groups.flatMap((g) => [...SCHEMA_GROUPS[g]])
    expect(names.length).toBe(new Set(names).size)
  })
})
