import { displayGenreName, type Experience, formatLikePercentage, shortenNumber } from '@ludex/schemas'
import { Badge, Button, Group, Menu, Paper, Stack, Text, Title } from '@mantine/core'
import {
  IconCalendarEvent,
  IconChevronDown,
  IconCode,
  IconCopy,
  IconDownload,
  IconExternalLink,
  IconPencil,
  IconTags,
} from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { genrePath, isLinkedGenre } from '../browse/links.ts'
import { CompareWithItem } from '../compare/CompareWithItem.tsx'
import { MomentumBadge, useMomentumByPlace } from '../momentum/MomentumBadge.tsx'
import { useViewer } from '../shell/viewer.ts'
import { AddCuratedTagsDialog } from '../tags/AddCuratedTagsDialog.tsx'
import { canAddCuratedTags } from '../tags/tag-access.ts'
import { ExperienceIcon } from '../thumbnails/ExperienceIcon.tsx'
import { copyToClipboard } from '../ui/copy.ts'
import { MenuDropdown } from '../ui/MenuDropdown.tsx'
import { downloadBadgeStats } from './badge-download.ts'
import {
  CanonicalNameHint,
  EDIT_CANONICAL_NAME,
  EDIT_RELEASE_DATE,
  mayEditCanonicalName,
  mayEditReleaseDate,
  openCanonicalNameEditor,
  openReleaseDateEditor,
} from './edit/EditExperience.tsx'
import { EmbedDialog } from './embed/EmbedDialog.tsx'
import { formatInteger, formatPrice } from './format.ts'
import { EXPERIENCE_ID_COPIED, robloxGameUrl, UNIVERSE_ID_COPIED } from './links.ts'

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

/** The header summary: icon, name, genre, the headline numbers and the page's actions. */
export function ExperienceHeader({ experience: e }: { experience: Experience }) {
  const [downloading, setDownloading] = useState(false)
  const [addingTags, setAddingTags] = useState(false)
  const [embedding, setEmbedding] = useState(false)
  const viewer = useViewer()
  const curator = canAddCuratedTags(viewer)
  const editsName = mayEditCanonicalName(viewer)
  const editsRelease = mayEditReleaseDate(viewer)
  const ids = useMemo(() => [e.place_id], [e.place_id])
  const momentum = useMomentumByPlace(ids)
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Group wrap="nowrap" align="flex-start" gap="md" miw={0}>
          <ExperienceIcon placeId={e.place_id} hash={e.thumbnails.icon?.hash ?? 'default'} size={72} eager />
          <Stack gap={4} miw={0}>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {e.name}
            </Title>
            <CanonicalNameHint experience={e} />
            <Group gap={6}>
              {isLinkedGenre(e.genre) ? (
                <Badge variant="light" component={Link} to={genrePath(e.genre)} style={{ cursor: 'pointer' }}>
                  {displayGenreName(e.genre)}
                </Badge>
              ) : (
                <Badge variant="light">{displayGenreName(e.genre)}</Badge>
              )}
              <Badge variant="light" color="gray">
                {formatPrice(e.price)}
              </Badge>
              <MomentumBadge momentum={momentum.get(e.place_id)} />
            </Group>
          </Stack>
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={downloading}
            onClick={async () => {
              setDownloading(true)
              await downloadBadgeStats(e.place_id)
              setDownloading(false)
            }}
          >
            Download Badge Stats
          </Button>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="light" rightSection={<IconChevronDown size={16} aria-hidden />}>
                Actions
              </Button>
            </Menu.Target>
            <MenuDropdown>
              <Menu.Item
                leftSection={<IconCopy size={16} />}
                onClick={() => void copyToClipboard(String(e.place_id), EXPERIENCE_ID_COPIED)}
              >
                Copy Experience ID
              </Menu.Item>
              <Menu.Item
                leftSection={<IconCopy size={16} />}
                onClick={() => void copyToClipboard(String(e.universe_id), UNIVERSE_ID_COPIED)}
              >
                Copy Universe ID
              </Menu.Item>
              <Menu.Item
                leftSection={<IconExternalLink size={16} />}
                component="a"
                href={robloxGameUrl(e.place_id)}
                target="_blank"
                rel="noopener noreferrer"
              >
                Open in Roblox
              </Menu.Item>
              <CompareWithItem placeId={e.place_id} />
              <Menu.Item leftSection={<IconCode size={16} />} onClick={() => setEmbedding(true)}>
                Embed
              </Menu.Item>
              {(editsName || editsRelease) && <Menu.Divider />}
              {editsName && (
                <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => openCanonicalNameEditor(e)}>
                  {EDIT_CANONICAL_NAME}
                </Menu.Item>
              )}
              {editsRelease && (
                <Menu.Item
                  leftSection={<IconCalendarEvent size={16} />}
                  onClick={() => openReleaseDateEditor(e)}
                >
                  {EDIT_RELEASE_DATE}
                </Menu.Item>
              )}
              {curator && (
                <Menu.Item leftSection={<IconTags size={16} />} onClick={() => setAddingTags(true)}>
                  Add Curated Tags
                </Menu.Item>
              )}
            </MenuDropdown>
          </Menu>
          <EmbedDialog
            opened={embedding}
            placeId={e.place_id}
            name={e.name}
            onClose={() => setEmbedding(false)}
          />
          {curator && (
            <AddCuratedTagsDialog
              opened={addingTags}
              placeId={e.place_id}
              name={e.name}
              onClose={() => setAddingTags(false)}
            />
          )}
        </Group>
      </Group>
      <Group mt="md" gap="xl" wrap="wrap">
        <Stat label="Players Online" value={formatInteger(e.players_online)} />
        <Stat label="Visits" value={shortenNumber(e.total_visits, { plus: true })} />
        <Stat label="Favorites" value={shortenNumber(e.favorites, { plus: true })} />
        <Stat label="Like %" value={formatLikePercentage(e.like_percentage)} />
        <Stat label="Rank" value={`#${e.rank}`} />
      </Group>
    </Paper>
  )
}
