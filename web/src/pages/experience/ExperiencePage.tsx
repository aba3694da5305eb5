import { anchorNeedsSignIn, parseAnchorTime } from '@ludex/schemas'
import { Grid, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { useLoaderData } from 'react-router'
import { api } from '../../api/queries.ts'
import { HydrationBoundary } from '../../app/hydration/HydrationBoundary.tsx'
import { AnnotationPicker } from '../../experience/AnnotationPicker.tsx'
import {
  annotationNotes,
  annotationShapes,
  experienceAnnotations,
  PRICE_HISTORY_ID,
  useAnnotationSettings,
} from '../../experience/annotations.ts'
import { ChartCard } from '../../experience/ChartCard.tsx'
import { useChartView } from '../../experience/chart-view.ts'
import { DashboardsPanel, showsDashboards } from '../../experience/DashboardsPanel.tsx'
import { ExperienceHeader } from '../../experience/ExperienceHeader.tsx'
import { GenreStandingCard } from '../../experience/GenreStandingCard.tsx'
import { InfoPanel } from '../../experience/InfoPanel.tsx'
import { PlacementHistoryCard } from '../../experience/PlacementHistoryCard.tsx'
import { PriceCard } from '../../experience/PriceCard.tsx'
import { RankingsCard } from '../../experience/RankingsCard.tsx'
import { RestrictedNotice } from '../../experience/RestrictedNotice.tsx'
import { LikePercentageChart, LikesChart, LineStatChart } from '../../experience/StatCharts.tsx'
import { openSignInToSeeMore } from '../../experience/sign-in-to-see-more.tsx'
import { ThumbnailChangesCard } from '../../experience/ThumbnailChangesCard.tsx'
import { useHashTab } from '../../experience/use-hash-tab.ts'
import { RecentLikesCard } from '../../momentum/RecentLikesCard.tsx'
import { usePageMeta } from '../../shell/page-meta.ts'
import { useViewer } from '../../shell/viewer.ts'
import { useHashParams } from '../../ui/hash-params.ts'
import type { ExperienceLoaderData } from './route.tsx'

const MAIN_TABS = [
  { value: 'ccu', label: 'CCU', kind: 'ccus' },
  { value: 'visits', label: 'Visits', kind: 'visits' },
  { value: 'favorites', label: 'Favorites', kind: 'favorites' },
] as const
type MainTab = (typeof MAIN_TABS)[number]['value']
const MAIN_TAB_VALUES = MAIN_TABS.map((t) => t.value)

const LIKE_TABS = [
  { value: 'likes', label: 'Likes' },
  { value: 'like-percentage', label: 'Like Percentage' },
] as const
type LikeTab = (typeof LIKE_TABS)[number]['value']
const LIKE_TAB_VALUES = LIKE_TABS.map((t) => t.value)

/** The experience detail page (part 1 §2). */
export function ExperiencePage() {
  const { placeId, now } = useLoaderData() as ExperienceLoaderData
  // The loader ensured it: data is there; a refetch keeps the page.
  const experience = useQuery(api.experience(placeId)).data
  const price = useQuery(api.price(placeId))
  const markers = useQuery(api.markers(placeId))
  const viewer = useViewer()
  const [hash] = useHashParams()

  usePageMeta({
    title: experience?.name ?? 'Experience',
    description: experience
      ? `${experience.name}: players online, visits, favorites, likes, playtime, chart rankings and price history.`
      : undefined,
  })

  // A visitor's link that reaches past what visitors may see gets the sign-in prompt, once.
  const graphMin = parseAnchorTime(hash.graphMin)
  useEffect(() => {
    if (viewer.kind === 'visitor' && anchorNeedsSignIn(graphMin, Date.now())) openSignInToSeeMore()
  }, [viewer.kind, graphMin])

  const [settings, setSettings] = useAnnotationSettings()
  const annotations = useMemo(
    () =>
      experience
        ? experienceAnnotations({
            placeId,
            updated: experience.updated,
            priceChanges: price.data ?? [],
            dailyPickDates: experience.daily_pick_dates,
            markers: markers.data ?? [],
          })
        : [],
    [experience, price.data, markers.data, placeId],
  )
  const shapes = useMemo(
    () => annotationShapes(annotations, settings.enabled),
    [annotations, settings.enabled],
  )
  const notes = useMemo(() => annotationNotes(annotations, settings.enabled), [annotations, settings.enabled])
  const shown = useMemo(
    () => annotations.filter((a) => settings.enabled[a.kind]),
    [annotations, settings.enabled],
  )

  const [mainTab, setMainTab] = useHashTab<MainTab>(hash, MAIN_TAB_VALUES, 'ccu')
  const main = MAIN_TABS.find((t) => t.value === mainTab) ?? MAIN_TABS[0]
  const mainView = useChartView(main.label, now)

  const [likeTab, setLikeTab] = useHashTab<LikeTab>(hash, LIKE_TAB_VALUES, 'likes')
  const likeTitle = LIKE_TABS.find((t) => t.value === likeTab)?.label ?? 'Likes'
  const likeView = useChartView(likeTitle, now)
  const playtimeView = useChartView('Average Playtime', now, { granularities: ['hour', 'day', 'week'] })

  if (!experience) return null
  const common = { placeId, name: experience.name, shapes, notes, markers: shown }
  // Hidden for the role viewer (visitors see it), and on mobile (below 640 px) by CSS, so that the
  // server-rendered page and its hydration agree whatever the screen.
  const dashboards = showsDashboards(viewer)

  // Each card hydrates in a task of its own (HydrationBoundary); a boundary goes around a Grid, whose
  // context must not change above a part that has not hydrated.
  return (
    <Stack gap="md">
      <HydrationBoundary>
        <ExperienceHeader experience={experience} />
        <RestrictedNotice experience={experience} />
      </HydrationBoundary>
      <HydrationBoundary>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: dashboards ? 9 : 12 }}>
            <InfoPanel experience={experience} />
          </Grid.Col>
          {dashboards && (
            <Grid.Col span={{ base: 12, lg: 3 }} visibleFrom="xs">
              <DashboardsPanel placeId={experience.place_id} universeId={experience.universe_id} />
            </Grid.Col>
          )}
        </Grid>
      </HydrationBoundary>
      <HydrationBoundary>
        <AnnotationPicker annotations={annotations} settings={settings} onChange={setSettings} />
      </HydrationBoundary>
      <HydrationBoundary>
        <ChartCard
          title={main.label}
          view={mainView}
          tabs={{ items: MAIN_TABS, value: mainTab, onChange: (v) => setMainTab(v as MainTab) }}
        >
          <LineStatChart key={main.kind} kind={main.kind} title={main.label} view={mainView} {...common} />
        </ChartCard>
      </HydrationBoundary>
      <HydrationBoundary>
        <ChartCard title="Average Playtime" view={playtimeView} granularities={['hour', 'day', 'week']}>
          <LineStatChart kind="playtime" title="Average Playtime" view={playtimeView} {...common} />
        </ChartCard>
      </HydrationBoundary>
      <HydrationBoundary>
        <RankingsCard placeId={placeId} name={experience.name} now={now} />
      </HydrationBoundary>
      <HydrationBoundary>
        <PlacementHistoryCard placeId={placeId} />
      </HydrationBoundary>
      <HydrationBoundary>
        <GenreStandingCard placeId={placeId} />
      </HydrationBoundary>
      <HydrationBoundary>
        <ChartCard
          title={likeTitle}
          view={likeView}
          tabs={{ items: LIKE_TABS, value: likeTab, onChange: (v) => setLikeTab(v as LikeTab) }}
        >
          {likeTab === 'likes' ? (
            <LikesChart title={likeTitle} view={likeView} {...common} />
          ) : (
            <LikePercentageChart title={likeTitle} view={likeView} {...common} />
          )}
        </ChartCard>
      </HydrationBoundary>
      <HydrationBoundary>
        <RecentLikesCard placeId={placeId} name={experience.name} now={now} />
      </HydrationBoundary>
      <HydrationBoundary>
        <div id={PRICE_HISTORY_ID}>
          <PriceCard placeId={placeId} />
        </div>
      </HydrationBoundary>
      <HydrationBoundary>
        <ThumbnailChangesCard placeId={placeId} />
      </HydrationBoundary>
    </Stack>
  )
}
