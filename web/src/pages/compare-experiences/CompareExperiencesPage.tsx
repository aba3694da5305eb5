import { DEFAULT_COMPARE_GRANULARITY, type GraphRange } from '@ludex/schemas'
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core'
import { useQueries, useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useLoaderData, useLocation, useNavigate } from 'react-router'
import { api } from '../../api/queries.ts'
import { useSeriesColors } from '../../charts/index.ts'
import { isAlignedByLaunch, launchAlignment, launchOf, withAlignment } from '../../compare/align.ts'
import { CompareChart, type CompareKind } from '../../compare/CompareChart.tsx'
import { CompareTable } from '../../compare/CompareTable.tsx'
import { draftId, ExperiencePickers } from '../../compare/Pickers.tsx'
import type { CompareLoaderData } from '../../compare/route-access.ts'
import { ShareButton } from '../../compare/ShareButton.tsx'
import { draftProblem, duplicateRows, parseExperienceIds } from '../../compare/selection.ts'
import { COMPARE_TEXT } from '../../compare/texts.ts'
import { useExperienceDraft } from '../../compare/use-draft.ts'
import { ChartCard } from '../../experience/ChartCard.tsx'
import { useChartView } from '../../experience/chart-view.ts'
import { DashboardsPanel, showsDashboards } from '../../experience/DashboardsPanel.tsx'
import { usePageMeta } from '../../shell/page-meta.ts'
import { useViewer } from '../../shell/viewer.ts'
import { useHashParams } from '../../ui/hash-params.ts'

/** Used only before the theme's colorway is known. */
const COLOR_FALLBACK = '#4c6ef5'

const CHARTS: readonly { title: string; kind: CompareKind }[] = [
  { title: COMPARE_TEXT.ccu, kind: 'ccus' },
  { title: COMPARE_TEXT.averagePlaytime, kind: 'playtime' },
  { title: COMPARE_TEXT.visits, kind: 'visits' },
  { title: COMPARE_TEXT.likeRate, kind: 'rating' },
]

/** The compare charts' default range: 7 days (part 2 §2.5); aligned by launch, everything so far. */
const CALENDAR_RANGE: GraphRange = 'week'
const ALIGNED_RANGE: GraphRange = 'all'

const PROBLEM_TEXT = { duplicates: COMPARE_TEXT.duplicates, 'too-many': COMPARE_TEXT.tooMany } as const

/** /compare/experiences (part 2 §2.5): up to 6 experiences side by side, in a table and four charts. */
export function CompareExperiencesPage() {
  const { now } = useLoaderData() as CompareLoaderData
  usePageMeta({ title: COMPARE_TEXT.experiencesTitle })
  const viewer = useViewer()
  const [hash, setHash] = useHashParams()
  const location = useLocation()
  const navigate = useNavigate()
  const selection = useMemo(() => parseExperienceIds(hash.exp), [hash.exp])
  const [rows, setRows, byId] = useExperienceDraft(selection, 2)
  const ids = rows.map(draftId)
  const duplicates = duplicateRows(ids)
  const problem = draftProblem(ids, 2)
  const colors = useSeriesColors()
  const colorOf = (i: number) => colors[i % Math.max(colors.length, 1)] ?? COLOR_FALLBACK
  const lines = useMemo(
    () =>
      selection.map((placeId, i) => ({
        placeId,
        name: byId.get(placeId)?.name ?? String(placeId),
        color: colors[i % Math.max(colors.length, 1)] ?? COLOR_FALLBACK,
      })),
    [selection, byId, colors],
  )
  const comparing = selection.length >= 2
  const periods = useQuery({ ...api.ccuPeriods(selection), enabled: comparing })
  const aligned = isAlignedByLaunch(new URLSearchParams(location.search))
  const details = useQueries({
    queries: (aligned && comparing ? selection : []).map((id) => api.experience(id)),
  })
  const launchKey = details.map((d) => d.data?.place_id ?? '').join(',')
  // biome-ignore lint/correctness/useExhaustiveDependencies: launchKey names what the details hold
  const alignment = useMemo(() => {
    const launches = new Map<number, number>()
    for (const d of details) {
      const launch = d.data ? launchOf(d.data) : null
      if (d.data && launch !== null) launches.set(d.data.place_id, launch)
    }
    return launchAlignment(launches)
  }, [launchKey])
  // Aligned, the first days of an older game precede Ludex's history: the whole of it shows first.
  const chartOptions = {
    defaultGranularity: DEFAULT_COMPARE_GRANULARITY,
    defaultRange: aligned ? ALIGNED_RANGE : CALENDAR_RANGE,
  }
  const views = [
    useChartView(CHARTS[0]!.title, now, chartOptions),
    useChartView(CHARTS[1]!.title, now, chartOptions),
    useChartView(CHARTS[2]!.title, now, chartOptions),
    useChartView(CHARTS[3]!.title, now, chartOptions),
  ]

  const compare = () => {
    const chosen = ids.filter((id): id is number => id !== null)
    setHash({ exp: chosen }, { push: true })
  }
  const setAligned = (on: boolean) => {
    for (const view of views) view.selectRange(on ? ALIGNED_RANGE : CALENDAR_RANGE)
    navigate(
      {
        pathname: location.pathname,
        search: withAlignment(new URLSearchParams(location.search), on),
        hash: location.hash,
      },
      { replace: true, preventScrollReset: true },
    )
  }
  const waitingForLaunches = aligned && comparing && details.some((d) => d.isPending)

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {COMPARE_TEXT.experiencesTitle}
      </Title>
      <Paper withBorder radius="md" p="md" component="section" aria-label="Experiences to compare">
        <form
          onSubmit={(event) => {
            event.preventDefault()
            if (problem === null) compare()
          }}
        >
          <Stack gap="sm">
            <ExperiencePickers
              rows={rows}
              onChange={setRows}
              duplicates={duplicates}
              colors={rows.map((_, i) => (ids[i] !== null && ids[i] === selection[i] ? colorOf(i) : ''))}
            />
            {(problem === 'duplicates' || problem === 'too-many') && (
              <Alert color="red" variant="light" role="alert">
                {PROBLEM_TEXT[problem]}
              </Alert>
            )}
            <Group justify="space-between" wrap="wrap">
              <Switch
                label={COMPARE_TEXT.alignByLaunch}
                description={COMPARE_TEXT.alignHint}
                checked={aligned}
                onChange={(e) => setAligned(e.currentTarget.checked)}
              />
              <Group gap="xs">
                <ShareButton />
                <Button type="submit" disabled={problem !== null}>
                  {COMPARE_TEXT.compare}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Paper>
      {!comparing ? (
        <Text c="dimmed">{COMPARE_TEXT.pickTwo}</Text>
      ) : (
        <>
          <Paper withBorder radius="md" p="md" component="section" aria-label="Comparison table">
            <CompareTable
              experiences={lines.map((l) => ({
                placeId: l.placeId,
                color: l.color,
                slim: byId.get(l.placeId),
                periods: periods.data?.places.find((p) => p.place_id === l.placeId),
              }))}
              periodsLoading={periods.isPending && !periods.isError}
            />
          </Paper>
          {selection.length === 2 && showsDashboards(viewer) && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {lines.map((l) => {
                const e = byId.get(l.placeId)
                return e ? (
                  <DashboardsPanel
                    key={l.placeId}
                    placeId={e.place_id}
                    universeId={e.universe_id}
                    title={`${e.name} Dashboards`}
                  />
                ) : null
              })}
            </SimpleGrid>
          )}
          {CHARTS.map((c, i) => (
            <ChartCard key={c.title} title={c.title} view={views[i]!}>
              <CompareChart
                title={c.title}
                kind={c.kind}
                experiences={waitingForLaunches ? [] : lines}
                pending={waitingForLaunches}
                view={views[i]!}
                alignment={aligned ? alignment : null}
              />
            </ChartCard>
          ))}
        </>
      )}
    </Stack>
  )
}
