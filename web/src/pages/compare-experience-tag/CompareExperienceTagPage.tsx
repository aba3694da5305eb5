import { DEFAULT_COMPARE_GRANULARITY, formatLikePercentage, shortenNumber } from '@ludex/schemas'
import { Alert, Anchor, Button, ColorSwatch, Group, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Link, useLoaderData } from 'react-router'
import { api } from '../../api/queries.ts'
import { useSeriesColors } from '../../charts/index.ts'
import { CompareChart } from '../../compare/CompareChart.tsx'
import { draftId, ExperiencePickers, TagPicker } from '../../compare/Pickers.tsx'
import type { CompareLoaderData } from '../../compare/route-access.ts'
import { ShareButton } from '../../compare/ShareButton.tsx'
import { draftProblem, duplicateRows, parseExperienceIds, parseTagId } from '../../compare/selection.ts'
import { COMPARE_TEXT } from '../../compare/texts.ts'
import { useExperienceDraft } from '../../compare/use-draft.ts'
import { useTagChoice } from '../../compare/use-tag-choice.ts'
import { vsAverage } from '../../compare/versus.ts'
import { ChartCard } from '../../experience/ChartCard.tsx'
import { useChartView } from '../../experience/chart-view.ts'
import { formatInteger } from '../../experience/format.ts'
import { usePageMeta } from '../../shell/page-meta.ts'
import { TAG_TEXT } from '../../tags/texts.ts'
import { useHashParams } from '../../ui/hash-params.ts'
import { ScrollTable } from '../../ui/ScrollTable.tsx'
import { tagAverages } from '../tag/tag-summary.ts'

const COLOR_FALLBACK = '#4c6ef5'
const PROBLEM_TEXT = { duplicates: COMPARE_TEXT.duplicates, 'too-many': COMPARE_TEXT.tooMany } as const

/**
 * /compare/experience-tag (part 2 §2.5): one tag (tag-1) and up to six experiences; each experience
 * against the tag's averages, and the two charts with the tag's interquartile band behind them.
 */
export function CompareExperienceTagPage() {
  const { now } = useLoaderData() as CompareLoaderData
  usePageMeta({ title: COMPARE_TEXT.experienceTagTitle })
  const [hash, setHash] = useHashParams()
  const selection = useMemo(() => parseExperienceIds(hash.exp), [hash.exp])
  const tagId = parseTagId(hash['tag-1'])
  const tags = useQuery(api.tags())
  const [rows, setRows, byId] = useExperienceDraft(selection, 1)
  const [draftTag, setDraftTag] = useTagChoice(tagId)
  const ids = rows.map(draftId)
  const duplicates = duplicateRows(ids)
  const problem = draftProblem(ids, 1)
  const colors = useSeriesColors()
  // The tag takes the first colour; the experiences the next ones, as in every chart.
  const colorOf = (i: number) => colors[i % Math.max(colors.length, 1)] ?? COLOR_FALLBACK
  const tag = useQuery({ ...api.tag(tagId ?? 0), enabled: tagId !== null })
  const lines = useMemo(
    () =>
      selection.map((placeId, i) => ({
        placeId,
        name: byId.get(placeId)?.name ?? String(placeId),
        color: colors[(i + 1) % Math.max(colors.length, 1)] ?? COLOR_FALLBACK,
      })),
    [selection, byId, colors],
  )
  const tagLines = useMemo(
    () => (tag.data ? [{ tagId: tag.data.id, name: tag.data.name, color: colors[0] ?? COLOR_FALLBACK }] : []),
    [tag.data, colors],
  )
  const chartOptions = { defaultGranularity: DEFAULT_COMPARE_GRANULARITY, defaultRange: 'week' } as const
  const ccuView = useChartView(COMPARE_TEXT.experiencesVsTagCcu, now, chartOptions)
  const playtimeView = useChartView(COMPARE_TEXT.experienceVsTagPlaytime, now, chartOptions)
  const comparing = tagId !== null && selection.length >= 1
  const averages = tag.data ? tagAverages(tag.data.places) : null

  const canCompare = problem === null && draftTag !== null
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {COMPARE_TEXT.experienceTagTitle}
      </Title>
      <Paper withBorder radius="md" p="md" component="section" aria-label="Tag and experiences to compare">
        <form
          onSubmit={(event) => {
            event.preventDefault()
            if (!canCompare) return
            setHash({ 'tag-1': draftTag, exp: ids.filter((id): id is number => id !== null) }, { push: true })
          }}
        >
          <Stack gap="sm">
            <TagPicker label="Tag" tags={tags.data ?? []} value={draftTag} onChange={setDraftTag} />
            <ExperiencePickers
              rows={rows}
              onChange={setRows}
              duplicates={duplicates}
              colors={rows.map((_, i) => (ids[i] !== null && ids[i] === selection[i] ? colorOf(i + 1) : ''))}
            />
            {(problem === 'duplicates' || problem === 'too-many') && (
              <Alert color="red" variant="light" role="alert">
                {PROBLEM_TEXT[problem]}
              </Alert>
            )}
            <Group justify="flex-end" gap="xs">
              <ShareButton />
              <Button type="submit" disabled={!canCompare}>
                {COMPARE_TEXT.compare}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {!comparing ? (
        <Text c="dimmed">{COMPARE_TEXT.pickTagAndExperience}</Text>
      ) : (
        <>
          <Paper withBorder radius="md" p="md" component="section" aria-label="Comparison table">
            {tag.isError ? (
              <Text c="dimmed">This tag cannot be found.</Text>
            ) : (
              <ScrollTable label="Comparison" widerThanPhones>
                <Table striped aria-label="Comparison">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Name</Table.Th>
                      <Table.Th ta="right">Player Count</Table.Th>
                      <Table.Th ta="right">Like %</Table.Th>
                      <Table.Th ta="right">Visits</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    <Table.Tr>
                      <Table.Td>
                        <Group gap={8} wrap="nowrap">
                          <ColorSwatch color={colorOf(0)} size={14} aria-hidden />
                          {tag.data ? (
                            <Anchor component={Link} to={`/tags/${tag.data.id}`}>
                              {tag.data.name} (average)
                            </Anchor>
                          ) : (
                            '…'
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td ta="right">
                        {averages ? formatInteger(Math.round(averages.playersOnline)) : '-'}
                      </Table.Td>
                      <Table.Td ta="right">
                        {averages ? formatLikePercentage(averages.likeRate) : '-'}
                      </Table.Td>
                      <Table.Td ta="right">
                        {averages ? shortenNumber(averages.visits, { plus: true }) : '-'}
                      </Table.Td>
                    </Table.Tr>
                    {lines.map((l) => {
                      const e = byId.get(l.placeId)
                      return (
                        <Table.Tr key={l.placeId}>
                          <Table.Td>
                            <Group gap={8} wrap="nowrap">
                              <ColorSwatch color={l.color} size={14} aria-hidden />
                              <Anchor component={Link} to={`/experiences/${l.placeId}`}>
                                {l.name}
                              </Anchor>
                            </Group>
                          </Table.Td>
                          <Table.Td ta="right">
                            {e ? formatInteger(e.players_online) : '-'}
                            <Versus value={e?.players_online} average={averages?.playersOnline} />
                          </Table.Td>
                          <Table.Td ta="right">
                            {e ? formatLikePercentage(e.like_percentage) : '-'}
                            <Versus value={e?.like_percentage} average={averages?.likeRate} />
                          </Table.Td>
                          <Table.Td ta="right">
                            {e ? shortenNumber(e.total_visits, { plus: true }) : '-'}
                            <Versus value={e?.total_visits} average={averages?.visits} />
                          </Table.Td>
                        </Table.Tr>
                      )
                    })}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            )}
            <Text size="xs" c="dimmed" mt="xs">
              {TAG_TEXT.averagePlayersOnline}, {TAG_TEXT.averageLikeRate} and {TAG_TEXT.averageVisits} of the
              tag over its tracked experiences; each experience against them.
            </Text>
          </Paper>
          <ChartCard title={COMPARE_TEXT.experiencesVsTagCcu} view={ccuView}>
            <CompareChart
              title={COMPARE_TEXT.experiencesVsTagCcu}
              kind="ccus"
              experiences={lines}
              tags={tagLines}
              view={ccuView}
            />
          </ChartCard>
          <ChartCard title={COMPARE_TEXT.experienceVsTagPlaytime} view={playtimeView}>
            <CompareChart
              title={COMPARE_TEXT.experienceVsTagPlaytime}
              kind="playtime"
              experiences={lines}
              tags={tagLines}
              view={playtimeView}
            />
          </ChartCard>
        </>
      )}
    </Stack>
  )
}

/** '+12.5% vs average' under a value; nothing without both numbers. */
function Versus({ value, average }: { value: number | undefined; average: number | undefined }) {
  const text = vsAverage(value, average)
  if (text === null) return null
  return (
    <Text size="xs" c="dimmed" component="div">
      {text}
    </Text>
  )
}
