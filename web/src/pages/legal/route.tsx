import { COOKIES } from '@ludex/schemas'
import type { QueryClient } from '@tanstack/react-query'
import { type LazyRouteFunction, type RouteObject, useLoaderData } from 'react-router'
import { api } from '../../api/queries.ts'
import { cookiePolicy } from '../../legal/cookies.ts'
import type { LegalContext, LegalDocument } from '../../legal/document.ts'
import { privacyPolicy } from '../../legal/privacy.ts'
import { termsOfUse } from '../../legal/terms.ts'
import { LegalPage } from './LegalPage.tsx'

export type LegalPageKind = 'terms' | 'privacy' | 'cookies'

const DOCUMENTS: Record<LegalPageKind, (context: LegalContext) => LegalDocument> = {
  terms: termsOfUse,
  privacy: privacyPolicy,
  cookies: cookiePolicy,
}

/**
 * The lazy route module of a legal page (part 2 §2.16): its loader reads what the texts take from the
 * configuration (the contact address, the session cookie's name: GET /api/site), and the page is the
 * document. Public, server-rendered and indexed.
 */
export function route(
  queryClient: QueryClient,
  kind: LegalPageKind,
): Awaited<ReturnType<LazyRouteFunction<RouteObject>>> {
  return {
    loader: async (): Promise<LegalData> => {
      try {
        const site = await queryClient.ensureQueryData(api.site())
        return { kind, contactEmail: site.feedback_email, sessionCookie: site.session_cookie }
      } catch {
        // Without the server's answer the page still says everything but the configured names.
        return { kind, contactEmail: null, sessionCookie: COOKIES.session.name }
      }
    },
    Component: LegalRoute,
  }
}

interface LegalData extends LegalContext {
  readonly kind: LegalPageKind
}

function LegalRoute() {
  const data = useLoaderData() as LegalData
  return <LegalPage doc={DOCUMENTS[data.kind](data)} />
}
