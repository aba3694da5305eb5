import { DEEP_LINK_LAUNCH_DATA_MAX_BYTES } from '@ludex/schemas'
import { Button, Code, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core'
import { IconCopy } from '@tabler/icons-react'
import { useState } from 'react'
import { ExperiencePicker } from '../../search/ExperiencePicker.tsx'
import { useAccessRedirect } from '../../shell/page-guard.tsx'
import { usePageMeta } from '../../shell/page-meta.ts'
import { copyToClipboard } from '../../ui/copy.ts'
import {
  DEEP_LINK_COPIED,
  DEEP_LINK_TITLE,
  directToAppLink,
  INVALID_JSON,
  isOverLimit,
  launchDataBytes,
  parseLaunchData,
  webListingLink,
} from './deep-link.ts'

function LinkForm({
  title,
  description,
  link,
  button,
}: {
  title: string
  description: string
  link: string | null
  button: string
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {link ?? 'Pick an experience or type a place id first.'}
        </Code>
        <Group>
          <Button
            leftSection={<IconCopy size={16} aria-hidden />}
            disabled={link === null}
            onClick={() => link && void copyToClipboard(link, DEEP_LINK_COPIED)}
          >
            {button}
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}

/**
 * /deep-link (part 2 §2.10, §5): launch data typed as JSON ('invalid json' when it is not an object;
 * copying is still allowed and the text sent as is), an experience picked or a place id typed, and the
 * platform's two deep-link forms to copy. Launch data over Roblox's 200 bytes is flagged.
 */
export function DeepLinkPage() {
  usePageMeta({ title: DEEP_LINK_TITLE, noIndex: true })
  const denied = useAccessRedirect('staff')
  const [placeId, setPlaceId] = useState<number | null>(null)
  const [text, setText] = useState('')
  if (denied) return denied

  const data = parseLaunchData(text)
  const bytes = launchDataBytes(data)
  const over = isOverLimit(data)
  return (
    <Stack gap="md" maw={880}>
      <Title order={1}>{DEEP_LINK_TITLE}</Title>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <ExperiencePicker label="Experience" value={placeId} onChange={setPlaceId} />
          <Textarea
            label="Launch data"
            description="A JSON object, read in the game with Player:GetJoinData().LaunchData. Valid JSON is sent without its spaces and line breaks."
            placeholder='{"roomId": 2}'
            rows={5}
            resize="vertical"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={data.kind === 'invalid' ? INVALID_JSON : undefined}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Text size="sm" c={over ? 'red' : 'dimmed'} aria-live="polite">
            {`${bytes} of ${DEEP_LINK_LAUNCH_DATA_MAX_BYTES} bytes`}
            {over && ': Roblox does not accept launch data over 200 bytes; shorten it.'}
          </Text>
        </Stack>
      </Paper>
      <LinkForm
        title="Web listing to app"
        description="Opens the experience's page on the Roblox website, which then starts the Roblox app."
        link={placeId === null ? null : webListingLink(placeId, data)}
        button="Copy Web Link"
      />
      <LinkForm
        title="Direct to app"
        description="Starts the Roblox app at once, where it is installed."
        link={placeId === null ? null : directToAppLink(placeId, data)}
        button="Copy App Link"
      />
    </Stack>
  )
}
