// zod schemas of the constants beside them, in their own module so that code importing only a
// constant (the web app's first load) does not pull zod in.
import { z } from 'zod'
import {
  GRANULARITIES,
  GRAPH_RANGES,
  MOVEMENT_TYPES,
  STAT_AGGREGATIONS,
  STAT_KINDS,
  TAG_CCU_SCOPES,
} from './stats.ts'

export const statKind = z.enum(STAT_KINDS)
export const granularity = z.enum(GRANULARITIES)
export const graphRange = z.enum(GRAPH_RANGES)
export const tagCcuScope = z.enum(TAG_CCU_SCOPES)
export const statAggregation = z.enum(STAT_AGGREGATIONS)
export const movementType = z.enum(MOVEMENT_TYPES)
