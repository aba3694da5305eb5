import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { IconChevronLeft, IconChevronRight, IconLock } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { type CSSProperties, useMemo } from 'react'
import { Link, useLoaderData } from 'react-router'
import { api } from '../../api/queries.ts'
import { HydrationBoundary } from '../../app/hydration/HydrationBoundary.tsx'
import { usePageMeta } from '../../shell/page-meta.ts'
import { useViewer } from '../../shell/viewer.ts'
import { ExperienceIcon } from '../../thumbnails/ExperienceIcon.tsx'
import { useIconHashes } from '../../thumbnails/icon-hashes.ts'
import { openSignUpPromo } from '../../ui/promo.tsx'
import { Tooltip } from '../../ui/Tooltip.tsx'
import classes from './daily-picks.module.css'
import {
  addMonths,
  type DayView,
  daysOf,
  dayView,
  hasNextMonth,
  hasPreviousMonth,
  isoWeekday,
  type Month,
  monthKey,
  picksRequest,
  reachesBeyondVisitor,
  visitorFirstDay,
  visitorMayOpen,
} from './month.ts'
import type { DailyPicksLoaderData } from './route.tsx'
import {
  eventMessage,
  NO_DAILY_PICKS_DURING_PERIOD,
  NO_NEW_DAILY_PICKS_YET,
  SIGN_UP_FOR_OLDER_PICKS,
} from './texts.ts'

/** A pick as /api/platform/picks names it. */
interface Place {
  readonly name: string
  readonly place_id: number
}

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
})
const fullDayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' })
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']

const monthTitle = (m: Month) => monthFormat.format(new Date(Date.UTC(m.year, m.month - 1, 1)))
const dateOf = (day: string) => new Date(`${day}T00:00:00Z`)
export const monthPath = (m: Month) => `/daily-picks?month=${monthKey(m)}`

/**
 * The daily picks, month by month (part 2 §2.8, §4): a calendar of UTC dates with each day's picks,
 * Previous Month and Next Month, the empty-day messages of §8 and, for a visitor, the dates beyond
 * about 28 days locked behind the sign-up prompt.
 */
export function DailyPicksPage() {
  const { month, today } = useLoaderData() as DailyPicksLoaderData
  const visitor = useViewer().kind === 'visitor'
  usePageMeta({
    title: 'Daily Picks',
    description: `The Roblox daily picks of ${monthTitle(month)}: the experiences the platform's staff picked each day.`,
  })

  const request = picksRequest(month, today, visitor)
  const picks = useQuery({
    ...api.picksRange(request?.from ?? today, request?.to ?? today),
    enabled: request !== null,
  })
  const byDay = useMemo(() => new Map((picks.data ?? []).map((d) => [d.date, d.places])), [picks.data])
  const ids = useMemo(() => (picks.data ?? []).flatMap((d) => d.places.map((p) => p.place_id)), [picks.data])
  const icons = useIconHashes(ids)

  const days = daysOf(month)
  const visitorFrom = visitor ? visitorFirstDay(today) : null
  const previous = addMonths(month, -1)
  const next = addMonths(month, 1)
  const previousLocked = visitor && !visitorMayOpen(previous, today)

  return (
    <Stack gap="md">
      <Title order={1}>Daily Picks</Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            {!hasPreviousMonth(month) ? (
              <Button variant="default" leftSection={<IconChevronLeft size={16} aria-hidden />} disabled>
                Previous Month
              </Button>
            ) : previousLocked ? (
              <Button
                variant="default"
                leftSection={<IconLock size={16} aria-hidden />}
                onClick={openSignUpPromo}
              >
                Previous Month
              </Button>
            ) : (
              <Button
                variant="default"
                component={Link}
                to={monthPath(previous)}
                preventScrollReset
                leftSection={<IconChevronLeft size={16} aria-hidden />}
              >
                Previous Month
              </Button>
            )}
            <Title order={2} size="h3" ta="center" aria-live="polite">
              {monthTitle(month)}
            </Title>
            {hasNextMonth(month, today) ? (
              <Button
                variant="default"
                component={Link}
                to={monthPath(next)}
                preventScrollReset
                rightSection={<IconChevronRight size={16} aria-hidden />}
              >
                Next Month
              </Button>
            ) : (
              <Button variant="default" rightSection={<IconChevronRight size={16} aria-hidden />} disabled>
                Next Month
              </Button>
            )}
          </Group>
          {visitor && reachesBeyondVisitor(month, today) ? (
            <Alert color="indigo" variant="light" icon={<IconLock size={18} aria-hidden />}>
              <Group justify="space-between" gap="sm">
                <Text size="sm">{SIGN_UP_FOR_OLDER_PICKS}</Text>
                <Button size="xs" component={Link} to="/sign-up">
                  Sign Up for Free
                </Button>
              </Group>
            </Alert>
          ) : null}
          {picks.isPending && request !== null ? (
            <Center h={240}>
              <Loader aria-label="Loading daily picks" />
            </Center>
          ) : (
            <ol className={classes.calendar} aria-label={`Daily picks of ${monthTitle(month)}`}>
              {WEEKDAYS.map((d) => (
                <li key={d} className={classes.weekday} aria-hidden="true">
                  {d}
                </li>
              ))}
              {/* A week of days per task as the page hydrates (HydrationBoundary adds no element). */}
              {weeksOf(days).map((week) => (
                <HydrationBoundary key={week[0]}>
                  {week.map((day) => (
                    <DayCell
                      key={day}
                      day={day}
                      today={today}
                      view={dayView(day, today, byDay.get(day), visitorFrom)}
                      icons={icons}
                      startColumn={day === days[0] ? isoWeekday(day) : undefined}
                    />
                  ))}
                </HydrationBoundary>
              ))}
            </ol>
          )}
        </Stack>
      </Paper>
    </Stack>
  )
}

/** The month's days in runs of seven. */
function weeksOf(days: readonly string[]): string[][] {
  const weeks: string[][] = []
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7))
  return weeks
}

function DayCell({
  day,
  today,
  view,
  icons,
  startColumn,
}: {
  day: string
  today: string
  view: DayView<Place>
  icons: ReadonlyMap<number, string>
  startColumn: number | undefined
}) {
  const style = startColumn ? ({ '--start': startColumn } as CSSProperties) : undefined
  return (
    <li
      className={`${classes.day} ${startColumn ? classes.first : ''}`}
      style={style}
      data-day={day}
      data-kind={view.kind}
      aria-current={day === today ? 'date' : undefined}
    >
      <Text size="sm" fw={600} className={classes.date}>
        <time dateTime={day} title={fullDayFormat.format(dateOf(day))}>
          {dayFormat.format(dateOf(day))}
        </time>
      </Text>
      <DayBody view={view} icons={icons} />
    </li>
  )
}

function DayBody({ view, icons }: { view: DayView<Place>; icons: ReadonlyMap<number, string> }) {
  switch (view.kind) {
    case 'picks':
      return (
        <ul className={classes.picks}>
          {view.places.map((p) => (
            <li key={p.place_id}>
              <Tooltip label={p.name}>
                <Link to={`/experiences/${p.place_id}`} className={classes.pick}>
                  <ExperienceIcon placeId={p.place_id} hash={icons.get(p.place_id)} size={32} />
                  <span className={classes.pickName}>{p.name}</span>
                </Link>
              </Tooltip>
            </li>
          ))}
        </ul>
      )
    case 'locked':
      return (
        <Group gap={4} c="dimmed">
          <IconLock size={14} aria-hidden />
          <Text size="xs">Locked</Text>
        </Group>
      )
    case 'future':
      return <EmptyDay>{NO_NEW_DAILY_PICKS_YET}</EmptyDay>
    case 'event':
      return <EmptyDay>{eventMessage(view.event)}</EmptyDay>
    case 'none':
      return <EmptyDay>{NO_DAILY_PICKS_DURING_PERIOD}</EmptyDay>
  }
}

function EmptyDay({ children }: { children: string }) {
  return (
    <Text size="xs" c="dimmed">
      {children}
    </Text>
  )
}
