import { buildHash, parseHashParams } from '@ludex/schemas'
import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { toast } from '../ui/toasts.ts'

export const EMAIL_VERIFIED_TOAST = 'Your email was verified successfully!'

/**
 * The start-up confirmation (part 1 §2): an address carrying the verification_complete hash key shows
 * 'Your email was verified successfully!' once, and the key leaves the address.
 */
export function useVerificationCompleteToast(): void {
  const location = useLocation()
  const navigate = useNavigate()
  useEffect(() => {
    let params: ReturnType<typeof parseHashParams>
    try {
      params = parseHashParams(location.hash)
    } catch {
      return // An unknown key: the page's own error handling names it.
    }
    if (!('verification_complete' in params)) return
    toast.success(EMAIL_VERIFIED_TOAST)
    const { verification_complete: _done, ...rest } = params
    navigate(
      { pathname: location.pathname, search: location.search, hash: buildHash(rest) },
      { replace: true },
    )
  }, [location.hash, location.pathname, location.search, navigate])
}
