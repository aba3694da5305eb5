import type { RouteDef } from '../http/route.ts'
import { slimListRoute } from './place/slim-list.ts'

/** Every /api call, in the order the OpenAPI document lists them. */
export const apiRoutes: readonly RouteDef[] = [slimListRoute]
