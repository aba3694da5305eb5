import type { VisitorStats } from '@ludex/schemas'
import { Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { api } from '../../api/queries.ts'

const count = new Intl.NumberFormat('en-US')
const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })

export const VISITORS_TITLE = 'Visitors'
export const VISITORS_LOAD_FAILED = 'Could not load the visitor statistics'

/**
 * The users page's Visitors panel (issue 18 point 5): page views per day over the last 30 days, from
 * Ludex's own analytics (visitors who allowed it), the day in progress marked as such, and the most
 * viewed pages. Admins only (the page needs LIST_USERS, and so does the call).
 */
export function VisitorsPanel() {
  const stats = useQuery(api.visitorStats())
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="users-visitors">
      <Title order={2} size="h4" id="users-visitors">
        {VISITORS_TITLE}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Page views of the last 30 days (days from 01:00 UTC), counted only for visitors who allow analytics.
      </Text>
      {stats.isPending ? (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label="Loading visitor statistics" />
        </Group>
      ) : stats.isError ? (
        <Text c="red" role="alert">
          {VISITORS_LOAD_FAILED}
        </Text>
      ) : (
        <VisitorsBody stats={stats.data.body} partialFrom={stats.data.partialFrom} />
      )}
    </Paper>
  )
}

function VisitorsBody({ stats, partialFrom }: { stats: VisitorStats; partialFrom: number | null }) {
  const isPartial = (date: string) => partialFrom !== null && Date.parse(date) >= partialFrom
  const whole = stats.days.filter((d) => !isPartial(d.date))
  const today = stats.days.find((d) => isPartial(d.date))
  const total = whole.reduce((sum, d) => sum + d.page_views, 0)
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Figure label={`Page views, ${whole.length} whole days`} value={count.format(total)} />
        <Figure label="Today so far" value={today ? count.format(today.page_views) : '-'} />
        <Figure label="Sign-ups" value={count.format(stats.sign_ups)} />
      </SimpleGrid>
      <DayBars days={stats.days} isPartial={isPartial} />
      <div>
        <Title order={3} size="h5" mb="xs">
          Top Pages
        </Title>
        {stats.top_pages.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            No Data
          </Text>
        ) : (
          <Table striped verticalSpacing={4} aria-label="Top pages">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Page</Table.Th>
                <Table.Th ta="right">Page Views</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {stats.top_pages.map((p) => (
                <Table.Tr key={p.path}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.path}</Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {count.format(p.page_views)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </div>
    </Stack>
  )
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={22} fw={700} lh={1.3}>
        {value}
      </Text>
    </div>
  )
}

const BAR_W = 10
const CHART_H = 60

/**
 * One column per day, scaled to the busiest; the day in progress is drawn lighter, since its count is
 * not a whole day's. The text summary is the image's label; each column names its day and count.
 */
function DayBars({ days, isPartial }: { days: VisitorStats['days']; isPartial: (date: string) => boolean }) {
  const max = Math.max(1, ...days.map((d) => d.page_views))
  const first = days[0]
  const last = days.at(-1)
  const summary =
    first && last
      ? `Page views per day from ${dayLabel.format(new Date(first.date))} to ${dayLabel.format(new Date(last.date))}: ` +
        days
          .map(
            (d) =>
              `${dayLabel.format(new Date(d.date))} ${count.format(d.page_views)}${isPartial(d.date) ? ' (so far)' : ''}`,
          )
          .join(', ')
      : 'No Data'
  return (
    <figure style={{ margin: 0 }}>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${Math.max(1, days.length) * BAR_W} ${CHART_H}`}
        preserveAspectRatio="none"
        style={{ width: '100%', height: 80, display: 'block' }}
      >
        {days.map((d, i) => {
          const h = d.page_views === 0 ? 0 : Math.max(1, (d.page_views / max) * (CHART_H - 2))
          const partial = isPartial(d.date)
          return (
            <rect
              key={d.date}
              data-day={d.date}
              data-partial={partial || undefined}
              x={i * BAR_W + 1}
              y={CHART_H - h}
              width={BAR_W - 2}
              height={h}
              fill="var(--mantine-color-blue-filled)"
              opacity={partial ? 0.4 : 1}
            >
              <title>{`${dayLabel.format(new Date(d.date))}: ${count.format(d.page_views)} page views${partial ? ' so far' : ''}`}</title>
            </rect>
          )
        })}
      </svg>
      {first && last && (
        <Group justify="space-between" mt={4}>
          <Text size="xs" c="dimmed">
            {dayLabel.format(new Date(first.date))}
          </Text>
          <Text size="xs" c="dimmed">
            {dayLabel.format(new Date(last.date))}
          </Text>
        </Group>
      )}
    </figure>
  )
}
