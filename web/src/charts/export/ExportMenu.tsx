import type { ExportTable } from '@ludex/schemas'
import { Button, Menu } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { MenuDropdown } from '../../ui/MenuDropdown.tsx'
import classes from '../chart.module.css'
import { downloadChart } from './download.ts'

export const DOWNLOAD_CSV = 'Download CSV'
export const DOWNLOAD_JSON = 'Download JSON'

/**
 * A chart's export menu: 'Download CSV' and 'Download JSON' of the data it draws, built in the browser
 * (`table` is computed on open, so a chart never pays for it until asked). Mantine's Menu gives the
 * keyboard use: Enter or Space opens it, arrows move, Escape closes and focus returns to the button.
 */
export function ExportMenu(props: {
  readonly title: string
  readonly name: readonly (string | number | undefined)[]
  readonly table: () => ExportTable
}) {
  const save = (format: 'csv' | 'json') => downloadChart(format, props.name, props.title, props.table())
  return (
    <div className={classes.exportMenu}>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            size="compact-xs"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
            aria-label={`Export ${props.title}`}
          >
            Export
          </Button>
        </Menu.Target>
        <MenuDropdown>
          <Menu.Item onClick={() => save('csv')}>{DOWNLOAD_CSV}</Menu.Item>
          <Menu.Item onClick={() => save('json')}>{DOWNLOAD_JSON}</Menu.Item>
        </MenuDropdown>
      </Menu>
    </div>
  )
}
