import { ActionIcon, Tooltip, useMantineColorScheme } from '@mantine/core'
import { IconMoon, IconSun } from '@tabler/icons-react'

/**
 * Light/dark switch; the choice is stored by Mantine and applied before render by /color-scheme.js.
 * Both buttons are in the markup and CSS shows the one for the scheme in effect, so a server-rendered
 * page (which cannot know the stored scheme) draws the right one and hydrates without a difference.
 */
export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme()
  return (
    <>
      <Tooltip label="Switch to dark theme">
        <ActionIcon
          variant="default"
          size={34}
          darkHidden
          onClick={() => setColorScheme('dark')}
          aria-label="Switch to dark theme"
        >
          <IconMoon size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Switch to light theme">
        <ActionIcon
          variant="default"
          size={34}
          lightHidden
          onClick={() => setColorScheme('light')}
          aria-label="Switch to light theme"
        >
          <IconSun size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </>
  )
}
