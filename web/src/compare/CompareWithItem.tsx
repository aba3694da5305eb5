import { buildHash } from '@ludex/schemas'
import { Menu } from '@mantine/core'
import { IconArrowsDiff, IconLock } from '@tabler/icons-react'
import { Link } from 'react-router'
import { useViewer } from '../shell/viewer.ts'
import { openSignUpPromo } from '../ui/promo.tsx'
import { COMPARE_TEXT } from './texts.ts'

/** /compare/experiences with one experience picked, the rest to choose there. */
export function compareWithPath(placeId: number): string {
  return `/compare/experiences${buildHash({ exp: [placeId] })}`
}

/**
 * 'Compare with…' in an experience's menus (the experiences list's rows, the detail page's actions):
 * the compare page with the experience picked; for a visitor, a lock and the sign-up promo, as the
 * sidebar's compare entries (part 2 §2.5).
 */
export function CompareWithItem({ placeId }: { placeId: number }) {
  const viewer = useViewer()
  if (viewer.kind === 'user') {
    return (
      <Menu.Item leftSection={<IconArrowsDiff size={16} />} component={Link} to={compareWithPath(placeId)}>
        {COMPARE_TEXT.compareWith}
      </Menu.Item>
    )
  }
  return (
    <Menu.Item
      leftSection={<IconLock size={16} />}
      onClick={openSignUpPromo}
      aria-label={`${COMPARE_TEXT.compareWith} (sign up to unlock)`}
    >
      {COMPARE_TEXT.compareWith}
    </Menu.Item>
  )
}
