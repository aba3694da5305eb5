import { DEFAULT_COMPARE_GRANULARITY, formatLikePercentage, shortenNumber } from '@ludex/schemas'
import {
  Anchor,
  Button,
  ColorSwatch,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Link, useLoaderData } from 'react-router'
import { api } from '../../api/queries.ts'
import { useSeriesColors } from '../../charts/index.ts'
import { CompareChart } from '../../compare/CompareChart.tsx'
import { TagPicker } from '../../compare/Pickers.tsx'
import type { CompareLoaderData } from '../../compare/route-access.ts'
import { ShareButton } from '../../compare/ShareButton.tsx'
import { parseTagId } from '../../compare/selection.ts'
import { COMPARE_TEXT } from '../../compare/texts.ts'
import { useTagChoice } from '../../compare/use-tag-choice.ts'
import { ChartCard } from '../../experience/ChartCard.tsx'
import { useChartView } from '../../experience/chart-view.ts'
import { formatInteger } from '../../experience/format.ts'
import { usePageMeta } from '../../shell/page-meta.ts'
import { TAG_TEXT } from '../../tags/texts.ts'
import { useHashParams } from '../../ui/hash-params.ts'
import { ScrollTable } from '../../ui/ScrollTable.tsx'
import { tagAverages } from '../tag/tag-summary.ts'

const COLOR_FALLBACK = '#4c6ef5'
const NO_EXPERIENCES: readonly never[] = []

/** Whether two picked tags can be compared: both chosen, and not the same one. */
export function tagPairProblem(first: number | null, second: number | null): 'missing' | 'same' | null {
  if (first === null || second === null) return 'missing'
  return first === second ? 'same' : null
}

/** /compare/tags (part 2 §2.5): two tags (tag-1, tag-2), their averages and their charts with bands. */
export function CompareTagsPage() {
  const { now } = useLoaderData() as CompareLoaderData
  usePageMeta({ title: COMPARE_TEXT.tagsTitle })
  const [hash, setHash] = useHashParams()
  const first = parseTagId(hash['tag-1'])
  const second = parseTagId(hash['tag-2'])
  const tags = useQuery(api.tags())
  const [draftFirst, setDraftFirst] = useTagChoice(first)
  const [draftSecond, setDraftSecond] = useTagChoice(second)
  const colors = useSeriesColors()
  const colorOf = (i: number) => colors[i] ?? COLOR_FALLBACK
  const one = useQuery({ ...api.tag(first ?? 0), enabled: first !== null })
  const two = useQuery({ ...api.tag(second ?? 0), enabled: second !== null })
  const comparing = tagPairProblem(first, second) === null
  const draftProblem = tagPairProblem(draftFirst, draftSecond)
  const tagLines = useMemo(
    () =>
      [one.data, two.data].flatMap((t, i) =>
        t ? [{ tagId: t.id, name: t.name, color: colors[i] ?? COLOR_FALLBACK }] : [],
      ),
    [one.data, two.data, colors],
  )
  const chartOptions = { defaultGranularity: DEFAULT_COMPARE_GRANULARITY, defaultRange: 'week' } as const
  const ccuView = useChartView(COMPARE_TEXT.tagVsTagCcu, now, chartOptions)
  const playtimeView = useChartView(COMPARE_TEXT.tagVsTagPlaytime, now, chartOptions)
  const both = [one, two]
  const averages = both.map((q) => (q.data ? tagAverages(q.data.places) : null))
  const rows: { label: string; cell: (i: number) => string }[] = [
    {
      label: TAG_TEXT.averagePlayersOnline,
      cell: (i) => (averages[i] ? formatInteger(Math.round(averages[i].playersOnline)) : '-'),
    },
    {
      label: 'Average Like %',
      cell: (i) => (averages[i] ? formatLikePercentage(averages[i].likeRate) : '-'),
    },
    {
      label: TAG_TEXT.averageVisits,
      cell: (i) => (averages[i] ? shortenNumber(averages[i].visits, { plus: true }) : '-'),
    },
    { label: 'Experiences', cell: (i) => (both[i]?.data ? String(both[i].data.places.length) : '-') },
  ]

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {COMPARE_TEXT.tagsTitle}
      </Title>
      <Paper withBorder radius="md" p="md" component="section" aria-label="Tags to compare">
        <form
          onSubmit={(event) => {
            event.preventDefault()
            if (draftProblem !== null) return
            setHash({ 'tag-1': draftFirst, 'tag-2': draftSecond }, { push: true })
          }}
        >
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TagPicker label="Tag 1" tags={tags.data ?? []} value={draftFirst} onChange={setDraftFirst} />
              <TagPicker
                label="Tag 2"
                tags={tags.data ?? []}
                value={draftSecond}
                onChange={setDraftSecond}
                error={draftProblem === 'same' ? COMPARE_TEXT.sameTag : undefined}
              />
            </SimpleGrid>
            <Group justify="flex-end" gap="xs">
              <ShareButton />
              <Button type="submit" disabled={draftProblem !== null}>
                {COMPARE_TEXT.compare}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {!comparing ? (
        <Text c="dimmed">{COMPARE_TEXT.pickTwoTags}</Text>
      ) : (
        <>
          <Paper withBorder radius="md" p="md" component="section" aria-label="Comparison table">
            <ScrollTable label="Comparison">
              <Table withColumnBorders aria-label="Comparison" layout="fixed">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w="12rem">
                      <VisuallyHidden>Measure</VisuallyHidden>
                    </Table.Th>
                    {both.map((q, i) => (
                      <Table.Th key={i === 0 ? 'first' : 'second'} scope="col">
                        <Group gap={6} wrap="nowrap">
                          <ColorSwatch color={colorOf(i)} size={12} aria-hidden />
                          {q.data ? (
                            <Anchor component={Link} to={`/tags/${q.data.id}`}>
                              {q.data.name}
                            </Anchor>
                          ) : q.isError ? (
                            'Unknown tag'
                          ) : (
                            '…'
                          )}
                        </Group>
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={r.label}>
                      <Table.Th scope="row">{r.label}</Table.Th>
                      <Table.Td>{r.cell(0)}</Table.Td>
                      <Table.Td>{r.cell(1)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          </Paper>
          <ChartCard title={COMPARE_TEXT.tagVsTagCcu} view={ccuView}>
            <CompareChart
              title={COMPARE_TEXT.tagVsTagCcu}
              kind="ccus"
              experiences={NO_EXPERIENCES}
              tags={tagLines}
              view={ccuView}
            />
          </ChartCard>
          <ChartCard title={COMPARE_TEXT.tagVsTagPlaytime} view={playtimeView}>
            <CompareChart
              title={COMPARE_TEXT.tagVsTagPlaytime}
              kind="playtime"
              experiences={NO_EXPERIENCES}
              tags={tagLines}
              view={playtimeView}
            />
          </ChartCard>
        </>
      )}
    </Stack>
  )
}
