import type { QueryClient } from '@tanstack/react-query'
import type { LazyRouteFunction, RouteObject } from 'react-router'
import { ensureExperienceLookup } from '../../api/experience-lookup.ts'
import { api } from '../../api/queries.ts'
import { TagsPage } from './TagsPage.tsx'
import { rowsByTab, tagMembers } from './tags-list.ts'

/**
 * The lazy route module. The tag list is the shell's (refetched after every tag change); the loader
 * waits for it and for the curated tags' experiences (players online, thumbnails: the first tab's),
 * so a server-rendered page is drawn with its table. A failed load is an empty list (part 2 §8),
 * never an error page.
 */
export function route(queryClient: QueryClient): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return {
    loader: async () => {
      const tags = await queryClient.ensureQueryData(api.tags()).catch(() => [])
      // As TagsPage asks them for the Curated Tags tab.
      await ensureExperienceLookup(queryClient, tagMembers(rowsByTab(tags, null).curated))
      return null
    },
    Component: TagsPage,
  }
}
