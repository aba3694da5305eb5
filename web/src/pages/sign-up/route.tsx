import type { LazyRouteFunction, RouteObject } from 'react-router'
import { SignUpPage } from './SignUpPage.tsx'

/** The lazy route module of /sign-up (the account layout has restored the session). */
export function route(): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return { Component: SignUpPage }
}
