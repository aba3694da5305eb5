import type { LazyRouteFunction, RouteObject } from 'react-router'
import { SettingsPage } from './SettingsPage.tsx'

/** The lazy route module of /settings (signed in; a visitor reads 'Not logged in.'). */
export function route(): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return { Component: SettingsPage }
}
