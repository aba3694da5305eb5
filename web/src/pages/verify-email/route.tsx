import type { LazyRouteFunction, RouteObject } from 'react-router'
import { VerifyEmailPage } from './VerifyEmailPage.tsx'

/** The lazy route module of /verify-email (opened from the verification email, token in the hash). */
export function route(): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return { Component: VerifyEmailPage }
}
