import {
  anchorLinkParams,
  buildHash,
  GRANULARITIES,
  type Granularity,
  isGraphRangeLockedForVisitor,
} from '@ludex/schemas'
import { ActionIcon, Button, Group, Paper, SegmentedControl, Stack, Tabs, Title } from '@mantine/core'
import { IconLink, IconLock } from '@tabler/icons-react'
import { type ReactNode, useEffect, useRef } from 'react'
import { granularityOptions } from '../charts/index.ts'
import { useViewer } from '../shell/viewer.ts'
import { copyToClipboard } from '../ui/copy.ts'
import { openSignUpPromo } from '../ui/promo.tsx'
import { Tooltip } from '../ui/Tooltip.tsx'
import { RANGE_BUTTONS } from './anchor.ts'
import type { ChartView } from './chart-view.ts'
import { ANCHOR_LINK_COPIED } from './links.ts'

export interface ChartCardProps {
  /** The chart title: the heading and the anchor-link key. */
  readonly title: string
  readonly view?: ChartView
  /**
   * Granularities offered without a view (default all four); none hides the control. With a view, the
   * view's own (those that can show two points in its range).
   */
  readonly granularities?: readonly Granularity[]
  readonly tabs?: {
    readonly items: readonly { value: string; label: string }[]
    value: string
    onChange: (v: string) => void
  }
  /** Range buttons shown (default when a view is given). */
  readonly withRanges?: boolean
  readonly actions?: ReactNode
  readonly children: ReactNode
}

export function chartElementId(title: string): string {
  return `chart-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
}

/** A detail chart's card: title, copy-anchor action, optional tabs, granularity and range controls. */
export function ChartCard({
  title,
  view,
  granularities = GRANULARITIES,
  tabs,
  withRanges,
  actions,
  children,
}: ChartCardProps) {
  const viewer = useViewer()
  const ref = useRef<HTMLDivElement>(null)
  const offered = view?.granularities ?? granularities
  const anchored = view?.anchored ?? false

  // An anchor link brings its chart into view once the page has laid out.
  useEffect(() => {
    if (anchored) ref.current?.scrollIntoView({ block: 'start' })
  }, [anchored])

  const copyAnchor = () => {
    const params = anchorLinkParams({
      title,
      zoom: view?.visible() ?? null,
      granularity: view?.granularity ?? 'day',
      ...(tabs ? { tab: tabs.value } : {}),
    })
    const url = `${window.location.origin}${window.location.pathname}${buildHash(params)}`
    void copyToClipboard(url, ANCHOR_LINK_COPIED)
  }

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      ref={ref}
      id={chartElementId(title)}
      // Clear of the fixed top bar when an anchor link scrolls the card into view.
      style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 70px) + 12px)' }}
      component="section"
      aria-label={title}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Title order={2} size="h4">
              {title}
            </Title>
            <Tooltip label="Copy an anchor link to this chart">
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={copyAnchor}
                aria-label={`Copy an anchor link to ${title}`}
              >
                <IconLink size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <Group gap="xs">{actions}</Group>
        </Group>
        {tabs && (
          <Tabs value={tabs.value} onChange={(v) => v && tabs.onChange(v)} keepMounted={false}>
            <Tabs.List>
              {tabs.items.map((t) => (
                <Tabs.Tab key={t.value} value={t.value}>
                  {t.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        )}
        {view && (
          <Group justify="space-between" wrap="wrap" gap="xs">
            {offered.length > 0 ? (
              <SegmentedControl
                size="xs"
                aria-label={`${title} granularity`}
                value={view.granularity}
                onChange={(v) => view.setGranularity(v as Granularity)}
                data={granularityOptions(offered)}
              />
            ) : (
              <span />
            )}
            {(withRanges ?? true) && (
              <Group gap={4} role="group" aria-label={`${title} range`}>
                {RANGE_BUTTONS.map(({ range, label }) => {
                  const locked = viewer.kind === 'visitor' && isGraphRangeLockedForVisitor(range)
                  return (
                    <Button
                      key={range}
                      size="compact-xs"
                      h={26}
                      variant={view.range === range ? 'filled' : 'default'}
                      aria-pressed={view.range === range}
                      rightSection={locked ? <IconLock size={12} aria-label="Locked" /> : undefined}
                      onClick={() => (locked ? openSignUpPromo() : view.selectRange(range))}
                    >
                      {label}
                    </Button>
                  )
                })}
              </Group>
            )}
          </Group>
        )}
        {children}
      </Stack>
    </Paper>
  )
}
