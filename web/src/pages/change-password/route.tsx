import type { LazyRouteFunction, RouteObject } from 'react-router'
import { ChangePasswordPage } from './ChangePasswordPage.tsx'

/** The lazy route module of /change-password (opened from the reset email, token in the hash). */
export function route(): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return { Component: ChangePasswordPage }
}
