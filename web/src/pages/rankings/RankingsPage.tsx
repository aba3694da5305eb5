import { CHART_CATEGORIES, chartCategoryById } from '@ludex/schemas'
import { Alert, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core'
import { IconChevronLeft, IconChevronRight, IconLock } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useLoaderData, useNavigate } from 'react-router'
import { useExperienceNames } from '../../api/experience-lookup.ts'
import { api } from '../../api/queries.ts'
import { HydrationBoundary } from '../../app/hydration/HydrationBoundary.tsx'
import { openSignInToSeeMore } from '../../experience/sign-in-to-see-more.tsx'
import { rankingPath } from '../../rankings/address.ts'
import { usePageMeta } from '../../shell/page-meta.ts'
import { useViewer } from '../../shell/viewer.ts'
import { openSignUpPromo } from '../../ui/promo.tsx'
import { DayChanges } from './DayChanges.tsx'
import { HourSlider } from './HourSlider.tsx'
import { RankingTable } from './RankingTable.tsx'
import { atHour, beforeVisitorWindow, type DayStep, nextDay, previousDay, utcHour } from './ranking-time.ts'
import type { RankingsLoaderData } from './route.tsx'

const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
})
const captureFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  hourCycle: 'h23',
  timeZone: 'UTC',
})

const CATEGORY_OPTIONS = CHART_CATEGORIES.map((c) => ({ value: String(c.id), label: c.title }))

/**
 * A chart category's ranking at one moment (part 2 §2.9): the category as title with its description,
 * Previous Day / Next Day, the hour slider (UTC) and the ranked table, the address's `exp` highlighted.
 */
export function RankingsPage() {
  const { categoryId, time, exp, now } = useLoaderData() as RankingsLoaderData
  // The loader checked the id.
  const category = chartCategoryById(categoryId) ?? CHART_CATEGORIES[0]!
  const navigate = useNavigate()
  const viewer = useViewer()
  const visitor = viewer.kind === 'visitor'
  const snapshot = useQuery(api.rankingSnapshot(categoryId, time ?? undefined))
  const nameOf = useExperienceNames(exp === null ? [] : [exp])

  usePageMeta({
    title: category.title,
    description: `${category.title} ranking of Roblox experiences: ${category.description}`,
  })

  // A visitor's link to a moment older than the last 30 days: the server answered the window's first
  // capture; the prompt says why.
  useEffect(() => {
    if (visitor && beforeVisitorWindow(time, now)) openSignInToSeeMore()
  }, [visitor, time, now])

  const base = time ?? now
  const go = (next: number | null, options: { categoryId?: number } = {}) =>
    navigate(rankingPath(options.categoryId ?? categoryId, { time: next, exp }), { preventScrollReset: true })
  const step = (s: DayStep) => {
    if (s.kind === 'go') go(s.time)
    else if (s.kind === 'locked') openSignUpPromo()
  }
  const previous = previousDay(base, now, visitor)
  const next = nextDay(base, now)

  const positions = snapshot.data?.positions ?? []
  const captured = snapshot.data ? captureFormat.format(new Date(snapshot.data.time)) : null
  const caption =
    positions.length > 0 && captured
      ? `${category.title}: ${positions.length} experiences, captured ${captured} UTC`
      : `${category.title}: no capture`
  const missing = exp !== null && snapshot.data && !positions.some((p) => p.place_id === exp)

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{category.title}</Title>
        <Text c="dimmed" mt={4}>
          {category.description}
        </Text>
      </div>
      <HydrationBoundary>
        <Paper withBorder p="md" radius="md">
          <Stack gap="md">
            <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
              <Select
                label="Chart category"
                data={CATEGORY_OPTIONS}
                value={String(categoryId)}
                onChange={(v) => {
                  if (v !== null && Number(v) !== categoryId) go(time, { categoryId: Number(v) })
                }}
                allowDeselect={false}
                searchable
                w={{ base: '100%', xs: 280 }}
                // Mantine keeps a combobox's dropdown mounted (hidden) by default: every category's option
                // drawn and placed while the page loads, a long task on a phone. It mounts when opened.
                comboboxProps={{ withinPortal: true, keepMounted: false }}
              />
              <Group gap="xs" wrap="nowrap">
                <Button
                  variant="default"
                  leftSection={
                    previous.kind === 'locked' ? (
                      <IconLock size={16} aria-hidden />
                    ) : (
                      <IconChevronLeft size={16} aria-hidden />
                    )
                  }
                  disabled={previous.kind === 'disabled'}
                  onClick={() => step(previous)}
                >
                  Previous Day
                </Button>
                <Button
                  variant="default"
                  rightSection={<IconChevronRight size={16} aria-hidden />}
                  disabled={next.kind === 'disabled'}
                  onClick={() => step(next)}
                >
                  Next Day
                </Button>
              </Group>
            </Group>
            <Text fw={600} aria-live="polite">
              {dayFormat.format(new Date(base))}
            </Text>
            <HourSlider hour={utcHour(base)} onCommit={(hour) => go(atHour(base, hour))} />
          </Stack>
        </Paper>
      </HydrationBoundary>
      {missing ? (
        <Alert color="gray" variant="light">
          {nameOf(exp)} is not in {category.title} at this time.
        </Alert>
      ) : null}
      <HydrationBoundary>
        <Paper withBorder p="md" radius="md">
          <RankingTable positions={positions} highlight={exp} caption={caption} />
        </Paper>
      </HydrationBoundary>
      <HydrationBoundary>
        <DayChanges categoryId={categoryId} time={time ?? undefined} />
      </HydrationBoundary>
    </Stack>
  )
}
