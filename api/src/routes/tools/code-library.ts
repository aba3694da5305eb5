import { codeLibrary } from '@ludex/schemas'
import { defineRoute } from '../../http/route.ts'

/**
 * Where the code library lives (part 2 §2.10): the page embeds it. Asked for rather than built into
 * the web app, so the address of an internal library reaches only those who may open it.
 */
export const codeLibraryRoute = defineRoute({
  method: 'GET',
  path: '/api/code-library',
  resource: 'tools',
  summary: 'The address of the code library page (CODE_LIBRARY_URL), or null when none is set up',
  description:
    'The page at /code-library embeds it in a frame; the Content-Security-Policy lets the app frame ' +
    'its origin and no other.',
  response: codeLibrary,
  requires: 'VIEW_CODE_LIBRARY',
  handler: async ({ deps }) => ({ url: deps.codeLibraryUrl ?? null }),
})
