import {
  DEFAULT_CREATOR_GRANULARITY,
  formatLikePercentage,
  shortenNumber,
  type TagCcuScope,
} from '@ludex/schemas'
import { Anchor, Badge, Collapse, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core'
import { IconChevronDown, IconExternalLink, IconRosetteDiscountCheckFilled } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useLoaderData } from 'react-router'
import { usePreference } from '../../account/preferences.ts'
import { api } from '../../api/queries.ts'
import { HydrationBoundary } from '../../app/hydration/HydrationBoundary.tsx'
import { creatorProfileUrl } from '../../browse/links.ts'
import { ChartCard } from '../../experience/ChartCard.tsx'
import { useChartView } from '../../experience/chart-view.ts'
import { formatInteger } from '../../experience/format.ts'
import { useHashTab } from '../../experience/use-hash-tab.ts'
import { usePageMeta } from '../../shell/page-meta.ts'
import { CreatorAvatar } from '../../thumbnails/CreatorAvatar.tsx'
import { useHashParams } from '../../ui/hash-params.ts'
import { ExperiencesTable, withRanks } from '../experiences/ExperiencesTable.tsx'
import {
  CREATOR_CCU_DEFAULT_SCOPE,
  CREATOR_CCU_TABS,
  CREATOR_CCU_TITLE,
  CreatorCcuChart,
} from './CreatorCcuChart.tsx'
import type { CreatorLoaderData } from './route.tsx'

/** The remembered open state of the Experiences list (panels, per user). */
export const CREATOR_EXPERIENCES_PANEL = 'creator.experiences'
const SCOPES = CREATOR_CCU_TABS.map((t) => t.value)

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  )
}

/** A creator's page (part 2 §2.6). */
export function CreatorPage() {
  const { creatorId, type, now } = useLoaderData() as CreatorLoaderData
  // The loader ensured it: data is there; a refetch keeps the page.
  const creator = useQuery(api.creator(creatorId, type)).data
  const [hash] = useHashParams()
  const [open, setOpen] = usePreference('panels', CREATOR_EXPERIENCES_PANEL, true)
  const [scope, setScope] = useHashTab<TagCcuScope>(hash, SCOPES, CREATOR_CCU_DEFAULT_SCOPE)
  const view = useChartView(CREATOR_CCU_TITLE, now, { defaultGranularity: DEFAULT_CREATOR_GRANULARITY })

  usePageMeta({
    title: creator?.name ?? 'Creator',
    description: creator
      ? `${creator.name} on Roblox: ${creator.experiences.length} tracked experiences, players online, visits, like rate and average CCU.`
      : undefined,
  })

  const ranked = useMemo(() => withRanks(creator?.experiences ?? []), [creator?.experiences])

  if (!creator) return null
  const panelId = 'creator-experiences-panel'

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group wrap="nowrap" align="flex-start" gap="md">
          <CreatorAvatar creator={creator} size={72} eager />
          <Stack gap={4} miw={0}>
            <Group gap={6} wrap="nowrap">
              <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
                {creator.name}
              </Title>
              {creator.is_verified && (
                <IconRosetteDiscountCheckFilled
                  size={24}
                  color="var(--mantine-color-blue-6)"
                  aria-label="Verified"
                  role="img"
                />
              )}
            </Group>
            <Group gap="xs">
              <Badge variant="light" color="gray">
                {creator.type}
              </Badge>
              <Anchor href={creatorProfileUrl(creator)} target="_blank" rel="noopener noreferrer" size="sm">
                <Group gap={4} wrap="nowrap" component="span">
                  {creator.type === 'Group' ? 'Group profile on Roblox' : 'User profile on Roblox'}
                  <IconExternalLink size={14} aria-hidden />
                </Group>
              </Anchor>
            </Group>
          </Stack>
        </Group>
        <Group mt="md" gap="xl" wrap="wrap">
          <Stat label="Total Players Online" value={formatInteger(creator.players_online)} />
          <Stat label="Total Visits" value={shortenNumber(creator.total_visits, { plus: true })} />
          <Stat
            label="Average Like %"
            value={creator.like_rate === null ? '-' : formatLikePercentage(creator.like_rate)}
          />
          <Stat label="Experiences" value={formatInteger(creator.experiences.length)} />
        </Group>
      </Paper>

      <HydrationBoundary>
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="creator-experiences-title">
          <UnstyledButton
            onClick={() => setOpen(!open)}
            aria-expanded={open}
            aria-controls={panelId}
            w="100%"
          >
            <Group justify="space-between">
              <Title order={2} size="h4" id="creator-experiences-title">
                Experiences ({formatInteger(creator.experiences.length)})
              </Title>
              <IconChevronDown
                size={18}
                aria-hidden
                style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
              />
            </Group>
          </UnstyledButton>
          <Collapse expanded={open} id={panelId}>
            <Stack mt="sm">
              <ExperiencesTable
                tableId={CREATOR_EXPERIENCES_PANEL}
                rows={ranked}
                loading={false}
                caption={`${creator.name}'s tracked experiences, ranked by players online`}
              />
            </Stack>
          </Collapse>
        </Paper>
      </HydrationBoundary>

      <HydrationBoundary>
        <ChartCard
          title={CREATOR_CCU_TITLE}
          view={view}
          tabs={{ items: CREATOR_CCU_TABS, value: scope, onChange: (v) => setScope(v as TagCcuScope) }}
        >
          <CreatorCcuChart
            key={scope}
            creatorId={creatorId}
            type={type}
            name={creator.name}
            scope={scope}
            view={view}
          />
        </ChartCard>
      </HydrationBoundary>
    </Stack>
  )
}
