import { Anchor, List, Stack, Text, ThemeIcon } from '@mantine/core'
import { modals } from '@mantine/modals'
import { IconCheck } from '@tabler/icons-react'
import { Link } from 'react-router'
import { returnState } from '../account/return-to.ts'

/** The benefits a free account unlocks (part 1 §1: five lines, one is data beyond 30 days). */
export const SIGN_UP_BENEFITS = [
  'Full history: data beyond 30 days on every chart',
  'Compare experiences, tags and experiences with tags',
  'Average and highest daily CCU on the overview',
  'Chart ranges 3m, 6m, YTD, 1y and All',
  'Save experiences and tags to your own lists',
] as const

export const SIGN_UP_PROMO_TITLE = 'Sign Up for Free for FULL Access'

/** Opens the sign-up promo modal; any other modal is closed first (one modal at a time). */
export function openSignUpPromo(): void {
  modals.closeAll()
  const id = modals.open({
    title: SIGN_UP_PROMO_TITLE,
    centered: true,
    children: (
      <Stack gap="md">
        <List
          spacing="xs"
          icon={
            <ThemeIcon size={20} radius="xl" color="teal" aria-hidden>
              <IconCheck size={14} />
            </ThemeIcon>
          }
        >
          {SIGN_UP_BENEFITS.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <Text size="sm">
          Already have an account?{' '}
          <Anchor
            component={Link}
            to="/sign-in"
            state={returnState(window.location)}
            onClick={() => modals.close(id)}
          >
            Sign In
          </Anchor>
        </Text>
      </Stack>
    ),
  })
}
