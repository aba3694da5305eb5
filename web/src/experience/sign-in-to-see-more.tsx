import { Anchor, Stack, Text } from '@mantine/core'
import { modals } from '@mantine/modals'

export const SIGN_IN_TO_SEE_MORE = 'Sign In to See More'
const SHOWN_KEY = 'ludex:graph-range-warning-shown'

/**
 * The prompt for a visitor whose link reaches past the last 30 days. Shown at most once per session
 * (the graph-range warning, part 1 §2); the charts still show what a visitor may see. Plain links:
 * the modal renders outside the router.
 */
export function openSignInToSeeMore(): void {
  try {
    if (sessionStorage.getItem(SHOWN_KEY)) return
    sessionStorage.setItem(SHOWN_KEY, '1')
  } catch {
    // Storage refused (private mode): show it anyway.
  }
  modals.closeAll()
  modals.open({
    title: SIGN_IN_TO_SEE_MORE,
    centered: true,
    children: (
      <Stack gap="sm">
        <Text size="sm">Only the last 30 days are available without signing in.</Text>
        <Text size="sm">
          <Anchor href="/sign-in">Sign In</Anchor> or <Anchor href="/sign-up">Sign Up for Free</Anchor> to see
          the full history.
        </Text>
      </Stack>
    ),
  })
}
