import { Menu, type MenuDropdownProps, useMenuContext } from '@mantine/core'
import { useState } from 'react'

/**
 * `Menu.Dropdown`, drawn from the first time its menu opens: a closed menu costs its target only (no
 * portal, transition or items to mount as the page hydrates, each of which draws itself again once
 * mounted). Once drawn it stays, so later openings animate as Mantine's do.
 */
export function MenuDropdown(props: MenuDropdownProps) {
  const { opened } = useMenuContext()
  const [drawn, setDrawn] = useState(opened)
  // Derived from a prop while rendering (React renders again at once), so it opens in the same frame.
  if (opened && !drawn) setDrawn(true)
  return drawn ? <Menu.Dropdown {...props} /> : null
}
