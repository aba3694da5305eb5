import type { LazyRouteFunction, RouteObject } from 'react-router'
import { MethodologyPage } from './MethodologyPage.tsx'

/** The lazy route module of /methodology: static text, public, server-rendered and indexed. */
export function route(): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return { Component: MethodologyPage }
}
