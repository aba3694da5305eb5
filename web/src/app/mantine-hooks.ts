/**
 * `@mantine/hooks` as the app builds it (vite.config.ts resolves the package here for everyone but this
 * module): the same hooks, except `useId`. Mantine's draws its component once more right after it
 * mounts, to swap React's id for a random one, a render made synchronously inside the commit that
 * mounted it; with many components (inputs, menus, tabs, checkboxes) that is a long task of its own
 * as a page hydrates. React's ids are already unique and the same in the server's markup and in the
 * browser, so this one keeps the id Mantine starts with and never changes it.
 */
import { useId as useReactId } from 'react'

export * from '@mantine/hooks'

export function useId(staticId?: string): string {
  const reactId = useReactId()
  // Mantine's first id, before its swap: what the server drew.
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`
}
