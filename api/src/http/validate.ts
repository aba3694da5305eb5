import type { z } from 'zod'
import { ApiError, type FieldIssue } from './api-error.ts'
import { parseJsonBytes } from './json-body.ts'

/** Issues as field/message pairs; the field is the parameter's own name (or a dotted body path). */
export function fieldIssues(error: z.ZodError, prefix?: string): FieldIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.')
    return {
      field: [prefix, path].filter(Boolean).join('.') || (prefix ?? 'request'),
      message: issue.message,
    }
  })
}

/** The keys a z.object schema declares (empty for anything else). */
export function declaredKeys(schema: z.ZodType | undefined): Set<string> {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape
  return new Set(shape ? Object.keys(shape) : [])
}

/**
 * Validates the query: every key must be declared and given once; then the schema parses the strings.
 */
export function parseQuery(
  schema: z.ZodType | undefined,
  raw: Record<string, string | string[] | undefined>,
): unknown {
  const known = declaredKeys(schema)
  const issues: FieldIssue[] = []
  const flat: Record<string, string> = {}
  for (const [key, value] of Object.entries(raw)) {
    if (!known.has(key)) issues.push({ field: key, message: 'is not a parameter of this call' })
    else if (Array.isArray(value)) issues.push({ field: key, message: 'must be given once' })
    else if (value !== undefined) flat[key] = value
  }
  if (issues.length > 0) throw ApiError.badRequest(issues)
  if (!schema) return {}
  const parsed = schema.safeParse(flat)
  if (!parsed.success) throw ApiError.badRequest(fieldIssues(parsed.error))
  return parsed.data
}

export function parseWith(schema: z.ZodType | undefined, value: unknown, prefix?: string): unknown {
  if (!schema) return undefined
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw ApiError.badRequest(fieldIssues(parsed.error, prefix))
  return parsed.data
}

/** A `rawBody` call's body, once verified: JSON with safe text only, then its schema (400 naming the field). */
export function parseBodyBytes<S extends z.ZodType>(schema: S, bytes: Buffer): z.output<S> {
  return parseWith(schema, parseJsonBytes(bytes), 'body') as z.output<S>
}
