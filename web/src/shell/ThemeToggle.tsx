import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core'
import { IconMoon, IconSun } from '@tabler/icons-react'

/** Light/dark switch; the choice is stored by Mantine and applied before render by /color-scheme.js. */
export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme()
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false })
  const next = computed === 'dark' ? 'light' : 'dark'
  const label = `Switch to ${next} theme`
  return (
    <Tooltip label={label}>
      <ActionIcon variant="default" size={34} onClick={() => setColorScheme(next)} aria-label={label}>
        {computed === 'dark' ? <IconSun size={18} aria-hidden /> : <IconMoon size={18} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  )
}
