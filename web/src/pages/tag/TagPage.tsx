import {
  DEFAULT_TAG_TOP_FIVE_GRANULARITY,
  formatLikePercentage,
  shortenNumber,
  type TagCcuScope,
} from '@ludex/schemas'
import {
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { modals } from '@mantine/modals'
import {
  IconArrowsDiff,
  IconChevronDown,
  IconCopy,
  IconLock,
  IconPencil,
  IconPlaylistAdd,
  IconPlus,
  IconRosetteDiscountCheckFilled,
  IconTrash,
} from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { Link, useLoaderData, useNavigate } from 'react-router'
import { ApiRequestError } from '../../api/client.ts'
import { api } from '../../api/queries.ts'
import { HydrationBoundary } from '../../app/hydration/HydrationBoundary.tsx'
import { ChartCard } from '../../experience/ChartCard.tsx'
import { useChartView } from '../../experience/chart-view.ts'
import { formatInteger } from '../../experience/format.ts'
import { useHashTab } from '../../experience/use-hash-tab.ts'
import { usePageMeta } from '../../shell/page-meta.ts'
import { useViewer } from '../../shell/viewer.ts'
import { AddExperiencesDialog } from '../../tags/AddExperiencesDialog.tsx'
import { BulkAddDialog } from '../../tags/BulkAddDialog.tsx'
import { canChangeTag } from '../../tags/tag-access.ts'
import { addToTag, deleteTag, forgetTag, removeFromTag, renameTag } from '../../tags/tag-calls.ts'
import { TAG_TEXT } from '../../tags/texts.ts'
import { copyToClipboard } from '../../ui/copy.ts'
import { useHashParams } from '../../ui/hash-params.ts'
import { MenuDropdown } from '../../ui/MenuDropdown.tsx'
import { openSignUpPromo } from '../../ui/promo.tsx'
import { toast } from '../../ui/toasts.ts'
import type { RankedExperience } from '../experiences/columns.tsx'
import type { TagLoaderData } from './route.tsx'
import { TagAverageChart } from './TagAverageChart.tsx'
import { TagExperiences } from './TagExperiences.tsx'
import { TagGenreChart } from './TagGenreChart.tsx'
import { TopFiveChart } from './TopFiveChart.tsx'
import { tagAverages, tagTotals, topFive } from './tag-summary.ts'

/** The Average CCU tabs (part 2 §2.4: Active, Top Five, All), as the scopes of the tag stats call. */
export const TAG_CCU_TABS = [
  { value: 'active', label: 'Active' },
  { value: 'top_five', label: 'Top Five' },
  { value: 'all', label: 'All' },
] as const satisfies readonly { value: TagCcuScope; label: string }[]
export const TAG_CCU_DEFAULT_SCOPE: TagCcuScope = 'active'
const SCOPES = TAG_CCU_TABS.map((t) => t.value)
export const TOP_FIVE_TITLE = 'Top Five CCU'

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

const averageCcu = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 })

function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiRequestError && err.status < 500 ? err.message : fallback
}

/** A tag's page (part 2 §2.4). */
export function TagPage() {
  const { tagId, now } = useLoaderData() as TagLoaderData
  // The loader ensured it; a refetch (after a change) keeps the page.
  const tag = useQuery(api.tag(tagId)).data
  const viewer = useViewer()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [hash] = useHashParams()
  const [scope, setScope] = useHashTab<TagCcuScope>(hash, SCOPES, TAG_CCU_DEFAULT_SCOPE)
  const ccuView = useChartView(TAG_TEXT.averageCcu, now)
  const playtimeView = useChartView(TAG_TEXT.averagePlaytime, now)
  const topView = useChartView(TOP_FIVE_TITLE, now, { defaultGranularity: DEFAULT_TAG_TOP_FIVE_GRANULARITY })
  const [dialog, setDialog] = useState<'add' | 'bulk' | 'rename' | null>(null)
  const [newName, setNewName] = useState('')
  const [renaming, setRenaming] = useState(false)

  usePageMeta({
    title: tag?.name ?? 'Tag',
    description: tag
      ? `${tag.name}: a ${tag.global ? 'curated' : 'personal'} tag of ${tag.place_ids.length} Roblox experiences, with their players online, visits, average CCU and playtime.`
      : undefined,
  })

  const places = tag?.places
  const totals = useMemo(() => tagTotals(places ?? []), [places])
  const averages = useMemo(() => tagAverages(places ?? []), [places])
  const top = useMemo(() => topFive(places ?? []), [places])

  if (!tag) return null
  const editable = canChangeTag(viewer, tag)
  const signedIn = viewer.kind === 'user'
  const hasExperiences = tag.places.length > 0

  const add = async (ids: number[]) => {
    try {
      await addToTag(queryClient, tag.id, ids)
      toast.success(`Added ${ids.length === 1 ? '1 experience' : `${ids.length} experiences`} to ${tag.name}`)
    } catch (err) {
      toast.error(errorText(err, 'Could not add the experiences'))
      throw err
    }
  }
  const remove = async (e: RankedExperience) => {
    try {
      await removeFromTag(queryClient, tag.id, e.place_id)
      toast.success(TAG_TEXT.removed)
    } catch (err) {
      toast.error(errorText(err, 'Could not remove the experience'))
    }
  }
  const rename = async () => {
    const name = newName.trim()
    if (name === '') return
    // No call when the name is unchanged (part 2 §5).
    if (name === tag.name) return setDialog(null)
    setRenaming(true)
    try {
      await renameTag(queryClient, tag, name)
      setDialog(null)
    } catch (err) {
      toast.error(errorText(err, 'Could not rename the tag'))
    } finally {
      setRenaming(false)
    }
  }
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: `Delete ${tag.name}?`,
      centered: true,
      children: (
        <Text size="sm">
          The tag and its list of {tag.place_ids.length} experiences are deleted for good. This cannot be
          undone.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await deleteTag(tag)
        } catch (err) {
          toast.error(errorText(err, 'Could not delete the tag'))
          return
        }
        toast.success(TAG_TEXT.deleted(tag.name))
        navigate('/tags')
        await forgetTag(queryClient, tag)
      },
    })

  const compareItem = (label: string, to: string) =>
    signedIn ? (
      <Menu.Item leftSection={<IconArrowsDiff size={16} />} component={Link} to={to}>
        {label}
      </Menu.Item>
    ) : (
      <Menu.Item
        leftSection={<IconLock size={16} />}
        onClick={openSignUpPromo}
        aria-label={`${label} (sign up to unlock)`}
      >
        {label}
      </Menu.Item>
    )

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={4} miw={0}>
            <Group gap={8} wrap="nowrap">
              <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
                {tag.name}
              </Title>
              {tag.global && (
                <Badge variant="light" leftSection={<IconRosetteDiscountCheckFilled size={14} aria-hidden />}>
                  Curated
                </Badge>
              )}
            </Group>
            {tag.owner_email && (
              <Text size="sm" c="dimmed">
                Owner: {tag.owner_email}
              </Text>
            )}
          </Stack>
          <Group gap="xs">
            {editable && (
              <>
                <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog('add')}>
                  Add Experiences
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconPencil size={16} aria-hidden />}
                  onClick={() => {
                    setNewName(tag.name)
                    setDialog('rename')
                  }}
                >
                  Rename
                </Button>
                <Button
                  variant="default"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={confirmDelete}
                >
                  Delete
                </Button>
              </>
            )}
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button variant="light" rightSection={<IconChevronDown size={16} aria-hidden />}>
                  Options
                </Button>
              </Menu.Target>
              <MenuDropdown>
                {compareItem(TAG_TEXT.compareToExperience, `/compare/experience-tag#tag-1=${tag.id}`)}
                {compareItem(TAG_TEXT.compareToTag, `/compare/tags#tag-1=${tag.id}`)}
                {editable && (
                  <Menu.Item leftSection={<IconPlaylistAdd size={16} />} onClick={() => setDialog('bulk')}>
                    {TAG_TEXT.bulkAdd}
                  </Menu.Item>
                )}
                <Menu.Item
                  leftSection={<IconCopy size={16} />}
                  onClick={() => void copyToClipboard(tag.place_ids.join(','), TAG_TEXT.idsCopied)}
                >
                  {TAG_TEXT.copyIds}
                </Menu.Item>
              </MenuDropdown>
            </Menu>
          </Group>
        </Group>
        <Group mt="md" gap="xl" wrap="wrap">
          <Stat label={TAG_TEXT.totalPlayersOnline} value={formatInteger(totals.playersOnline)} />
          <Stat label={TAG_TEXT.totalVisits} value={shortenNumber(totals.visits, { plus: true })} />
          <Stat label={TAG_TEXT.totalFavorites} value={shortenNumber(totals.favorites, { plus: true })} />
          <Stat
            label={TAG_TEXT.likeRange}
            value={
              totals.likeRange
                ? `${formatLikePercentage(totals.likeRange.min)} - ${formatLikePercentage(totals.likeRange.max)}`
                : '-'
            }
          />
        </Group>
      </Paper>

      <HydrationBoundary>
        <TagExperiences tag={tag} onRemove={editable ? (e) => void remove(e) : null} />
      </HydrationBoundary>

      {hasExperiences && (
        <>
          <HydrationBoundary>
            <ChartCard
              title={TAG_TEXT.averageCcu}
              view={ccuView}
              tabs={{ items: TAG_CCU_TABS, value: scope, onChange: (v) => setScope(v as TagCcuScope) }}
            >
              <TagAverageChart
                key={scope}
                tagId={tag.id}
                tagName={tag.name}
                kind="ccus"
                title={TAG_TEXT.averageCcu}
                scope={scope}
                view={ccuView}
              />
            </ChartCard>
          </HydrationBoundary>
          <HydrationBoundary>
            <ChartCard title={TAG_TEXT.averagePlaytime} view={playtimeView}>
              <TagAverageChart
                tagId={tag.id}
                tagName={tag.name}
                kind="playtime"
                title={TAG_TEXT.averagePlaytime}
                view={playtimeView}
              />
            </ChartCard>
          </HydrationBoundary>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <HydrationBoundary>
              <Paper withBorder radius="md" p="md" component="section" aria-labelledby="tag-genres-title">
                <Title order={2} size="h4" id="tag-genres-title" mb="sm">
                  {TAG_TEXT.genreDistribution}
                </Title>
                <TagGenreChart title={TAG_TEXT.genreDistribution} tagName={tag.name} places={tag.places} />
              </Paper>
            </HydrationBoundary>
            <HydrationBoundary>
              <Paper withBorder radius="md" p="md" component="section" aria-labelledby="tag-averages-title">
                <Title order={2} size="h4" id="tag-averages-title" mb="sm">
                  {TAG_TEXT.averages}
                </Title>
                {averages && (
                  <SimpleGrid cols={2} spacing="lg">
                    <Stat
                      label={TAG_TEXT.averagePlayersOnline}
                      value={averageCcu.format(averages.playersOnline)}
                    />
                    <Stat
                      label={TAG_TEXT.averageVisits}
                      value={shortenNumber(Math.floor(averages.visits), { plus: true })}
                    />
                    <Stat
                      label={TAG_TEXT.averageFavorites}
                      value={shortenNumber(Math.floor(averages.favorites), { plus: true })}
                    />
                    <Stat label={TAG_TEXT.averageLikeRate} value={formatLikePercentage(averages.likeRate)} />
                  </SimpleGrid>
                )}
              </Paper>
            </HydrationBoundary>
          </SimpleGrid>
          <HydrationBoundary>
            <ChartCard title={TOP_FIVE_TITLE} view={topView}>
              <TopFiveChart title={TOP_FIVE_TITLE} tagName={tag.name} top={top} view={topView} />
            </ChartCard>
          </HydrationBoundary>
        </>
      )}

      {editable && (
        <>
          <AddExperiencesDialog
            opened={dialog === 'add'}
            tagName={tag.name}
            onClose={() => setDialog(null)}
            onAdd={add}
          />
          <BulkAddDialog
            opened={dialog === 'bulk'}
            tagName={tag.name}
            onClose={() => setDialog(null)}
            onAdd={add}
          />
          <Modal opened={dialog === 'rename'} onClose={() => setDialog(null)} title="Rename Tag" centered>
            <form
              aria-label="Rename tag"
              onSubmit={(event) => {
                event.preventDefault()
                void rename()
              }}
            >
              <Stack gap="sm">
                <TextInput
                  label="Name"
                  value={newName}
                  onChange={(e) => setNewName(e.currentTarget.value)}
                  data-autofocus
                />
                <Group justify="flex-end">
                  <Button variant="default" onClick={() => setDialog(null)}>
                    Cancel
                  </Button>
                  <Button type="submit" disabled={newName.trim() === ''} loading={renaming}>
                    Rename
                  </Button>
                </Group>
              </Stack>
            </form>
          </Modal>
        </>
      )}
    </Stack>
  )
}
