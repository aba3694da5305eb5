import { Navigate, useLocation, useParams } from 'react-router'

/**
 * Legacy paths (part 2 §2.2) redirect as a render rather than a loader: a loader's request carries no
 * hash, and the compare redirects must keep it ('/experiences/compare#exp=1,2').
 */
export function LegacyRedirect({ to }: { to: (params: Record<string, string | undefined>) => string }) {
  const params = useParams()
  const { hash, search } = useLocation()
  return <Navigate replace to={{ pathname: to(params), search, hash }} />
}
