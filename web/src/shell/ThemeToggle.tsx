import { ActionIcon, useMantineColorScheme } from '@mantine/core'
import { IconMoon, IconSun } from '@tabler/icons-react'
import { Tooltip } from '../ui/Tooltip.tsx'

/**
 * Light/dark switch; the choice is stored by Mantine and applied before render by /color-scheme.js.
 * Both buttons are in the markup and CSS shows the one for the scheme in effect, so a server-rendered
 * page (which cannot know the stored scheme) draws the right one and hydrates without a difference.
 */
export function ThemeToggle() {
  return (
    <>
      <SwitchTo scheme="dark" />
      <SwitchTo scheme="light" />
    </>
  )
}

/** The button shown in the other scheme: the moon in light mode, the sun in dark mode. */
function SwitchTo({ scheme }: { scheme: 'light' | 'dark' }) {
  const { setColorScheme } = useMantineColorScheme()
  const label = `Switch to ${scheme} theme`
  const Icon = scheme === 'dark' ? IconMoon : IconSun
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="default"
        size={34}
        {...(scheme === 'dark' ? { darkHidden: true } : { lightHidden: true })}
        onClick={() => setColorScheme(scheme)}
        aria-label={label}
      >
        <Icon size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  )
}
