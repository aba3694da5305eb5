import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { apiRoutes } from '../routes/index.ts'

type JsonSchema = Record<string, unknown>

/**
 * The places in a JSON schema where input could grow without bound: strings without maxLength (enums
 * and constants are bounded by their values), arrays without maxItems and maps without maxProperties.
 */
function unbounded(schema: JsonSchema, at: string): string[] {
  const found: string[] = []
  const walk = (s: unknown, path: string) => {
    if (!s || typeof s !== 'object') return
    const node = s as JsonSchema
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      if (Array.isArray(node[key])) for (const [i, part] of node[key].entries()) walk(part, `${path}|${i}`)
    }
    const bounded = 'enum' in node || 'const' in node
    if (node.type === 'string' && !bounded && typeof node.maxLength !== 'number') found.push(path)
    if (node.type === 'array') {
      if (typeof node.maxItems !== 'number') found.push(`${path}[]`)
      walk(node.items, `${path}[]`)
      if (Array.isArray(node.prefixItems))
        for (const [i, item] of node.prefixItems.entries()) walk(item, `${path}[${i}]`)
    }
    if (node.type === 'object') {
      for (const [key, value] of Object.entries((node.properties as JsonSchema | undefined) ?? {})) {
        walk(value, `${path}.${key}`)
      }
      if (node.additionalProperties && typeof node.additionalProperties === 'object') {
        if (typeof node.maxProperties !== 'number') found.push(`${path}{}`)
        walk(node.propertyNames, `${path}{key}`)
        walk(node.additionalProperties, `${path}{}`)
      }
    }
  }
  walk(schema, at)
  return found
}

describe('request bodies are bounded', () => {
  const withBody = apiRoutes.filter((r) => r.body)

  it('has bodies to check', () => {
    expect(withBody.length).toBeGreaterThan(5)
  })

  it('gives every string a maximum length, every list a maximum size and every map a maximum of keys', () => {
    const loose = withBody.flatMap((route) =>
      unbounded(
        z.toJSONSchema(route.body as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema,
        `${route.method} ${route.path} body`,
      ),
    )
    expect(loose).toEqual([])
  })
})
