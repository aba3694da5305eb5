import { useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { type TokenPurpose, takeAccountToken } from './account-token.ts'

/**
 * The token of an emailed link for this page, or null (the page then sends the user to /overview).
 * Once read, the token is taken out of the address: it stays out of the history, bookmarks and
 * screenshots, and the session storage keeps it for a reload.
 */
export function useAccountToken(purpose: TokenPurpose): string | null {
  const location = useLocation()
  const navigate = useNavigate()
  const [token] = useState(() => takeAccountToken(purpose, location.hash))
  const hasHash = location.hash !== '' && location.hash !== '#'
  useEffect(() => {
    if (token && hasHash) navigate({ pathname: location.pathname }, { replace: true })
  }, [token, hasHash, location.pathname, navigate])
  return token
}
