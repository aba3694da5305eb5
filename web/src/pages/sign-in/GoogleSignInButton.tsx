import { Box, Center, Divider, Loader, useComputedColorScheme } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import {
  capSsoStateCookie,
  type GoogleCredentialResponse,
  loadGoogleIdentity,
} from '../../account/google-identity.ts'
import { applySession } from '../../account/session-actions.ts'
import { apiSend } from '../../api/client.ts'

/** The button's loading state stays this long after the button is drawn (part 2 §9), so it never flickers. */
export const GOOGLE_BUTTON_SETTLE_MS = 100

/** Google's button is at most 400 px wide; narrower screens get the panel's width. */
const MAX_WIDTH_PX = 400
const MIN_WIDTH_PX = 200

/**
 * The OR divider and the pill-shaped 'Sign in with Google' button (part 2 §2.11). Google's script loads when this mounts
 * (the sign-in panel mounts it only when the server has Google sign-in configured); the button is drawn
 * by the script into the box below. A credential is sent to POST /api/auth/google; on success the
 * cached anonymous data is cleared and the page follows the new session like a password sign-in.
 * Failures are swallowed without a message (part 2 §9).
 */
export function GoogleSignInButton({ clientId }: { clientId: string }) {
  const queryClient = useQueryClient()
  const box = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')
  const scheme = useComputedColorScheme('light')

  useEffect(() => {
    const parent = box.current
    let live = true
    let settle: ReturnType<typeof setTimeout> | undefined
    const onCredential = async (response: GoogleCredentialResponse) => {
      capSsoStateCookie()
      try {
        const user = await apiSend(
          'POST',
          '/api/auth/google',
          { credential: response.credential },
          'sessionUser',
        )
        // The sign-in page re-renders signed in and returns to where the user came from.
        applySession(queryClient, user)
      } catch {
        // Part 2 §9: single sign-on errors are swallowed without a message.
      }
    }
    loadGoogleIdentity().then(
      (id) => {
        if (!live || !parent) return
        id.initialize({
          client_id: clientId,
          callback: onCredential,
          ux_mode: 'popup',
          use_fedcm_for_button: true,
        })
        const width = Math.round(parent.getBoundingClientRect().width) || MAX_WIDTH_PX
        id.renderButton(parent, {
          type: 'standard',
          shape: 'pill',
          theme: scheme === 'dark' ? 'filled_black' : 'outline',
          size: 'large',
          text: 'signin_with',
          width: Math.min(MAX_WIDTH_PX, Math.max(MIN_WIDTH_PX, width)),
          logo_alignment: 'left',
        })
        settle = setTimeout(() => live && setState('ready'), GOOGLE_BUTTON_SETTLE_MS)
      },
      () => {
        if (live) setState('failed')
      },
    )
    return () => {
      live = false
      clearTimeout(settle)
      capSsoStateCookie()
      // A redraw (another colour scheme) starts from an empty box.
      parent?.replaceChildren()
    }
  }, [clientId, scheme, queryClient])

  // Nothing to offer when Google's script is unreachable (blocked, offline): the password form remains.
  if (state === 'failed') return null
  return (
    <>
      <Divider label="OR" labelPosition="center" />
      <Box pos="relative" mih={44}>
        {state === 'loading' && (
          <Center pos="absolute" inset={0}>
            <Loader size="sm" aria-label="Loading Google sign-in" />
          </Center>
        )}
        <Box
          ref={box}
          style={{
            display: 'flex',
            justifyContent: 'center',
            visibility: state === 'ready' ? 'visible' : 'hidden',
          }}
        />
      </Box>
    </>
  )
}
