import type { LazyRouteFunction, RouteObject } from 'react-router'
import { SignInPage } from './SignInPage.tsx'

/** The lazy route module of /sign-in (the account layout has restored the session). */
export function route(): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return { Component: SignInPage }
}
