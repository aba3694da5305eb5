import { buildHash, type HashParamName, type HashParamValue, parseHashParams } from '@ludex/schemas'
import { useCallback, useMemo } from 'react'
import { useLocation, useNavigate } from 'react-router'

export type HashParams = Partial<Record<HashParamName, string>>

/**
 * Reads and writes the page-address hash. An unknown key throws UnknownHashKeyError during render,
 * which the route error boundary shows (the error names the key, part 1 §2).
 * `setHashParams(next)` replaces the whole hash; pass a function to derive it from the current one.
 * History entries are replaced by default so typing in a search box does not fill the back button.
 */
export function useHashParams(): [
  HashParams,
  (
    next:
      | Readonly<Record<string, HashParamValue>>
      | ((current: HashParams) => Record<string, HashParamValue>),
    options?: { push?: boolean },
  ) => void,
] {
  const location = useLocation()
  const navigate = useNavigate()
  const params = useMemo(() => parseHashParams(location.hash), [location.hash])
  const setHashParams = useCallback(
    (
      next:
        | Readonly<Record<string, HashParamValue>>
        | ((current: HashParams) => Record<string, HashParamValue>),
      options?: { push?: boolean },
    ) => {
      const record = typeof next === 'function' ? next(params) : next
      const hash = buildHash(record)
      if (hash === (location.hash === '#' ? '' : location.hash)) return
      navigate(
        { pathname: location.pathname, search: location.search, hash },
        { replace: !options?.push, preventScrollReset: true },
      )
    },
    [params, location.pathname, location.search, location.hash, navigate],
  )
  return [params, setHashParams]
}
