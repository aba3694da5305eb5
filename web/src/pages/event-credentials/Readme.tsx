import {
  EVENT_BATCH_MAX,
  EVENT_HEADERS,
  EVENTS_PATH,
  fillLuauModule,
  type GameCredential,
  LUAU_PLACEHOLDERS,
} from '@ludex/schemas'
import {
  Button,
  Code,
  Collapse,
  Group,
  List,
  NativeSelect,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { IconChevronDown, IconChevronRight, IconCopy } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import { usePreference } from '../../account/preferences.ts'
import { copyToClipboard } from '../../ui/copy.ts'
import { MODULE_COPIED } from './texts.ts'

/** The Readme's open state, remembered per user (part 2 §2.10: a collapsible Readme). */
export const README_PANEL_KEY = 'event-credentials.readme'

/**
 * How a Roblox game server sends events: the Luau module (from @ludex/schemas, one copy of its text),
 * filled with the keys of the credential chosen here, and what it does on the wire.
 */
export function Readme({ credentials }: { credentials: readonly GameCredential[] }) {
  const [open, setOpen] = usePreference('panels', README_PANEL_KEY, false)
  const [chosen, setChosen] = useState<string>('')
  const credential = credentials.find((c) => c.game_key === chosen) ?? credentials[0] ?? null
  const url = `${typeof window === 'undefined' ? '' : window.location.origin}${EVENTS_PATH}`
  const module = useMemo(
    () =>
      fillLuauModule({
        url,
        gameKey: credential?.game_key ?? LUAU_PLACEHOLDERS.gameKey,
        secretKey: credential?.secret_key ?? LUAU_PLACEHOLDERS.secretKey,
      }),
    [url, credential],
  )
  const Chevron = open ? IconChevronDown : IconChevronRight

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="readme-title">
      <Title order={2} size="h4" id="readme-title">
        <Button
          variant="subtle"
          color="gray"
          px={0}
          leftSection={<Chevron size={18} aria-hidden />}
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          aria-controls="readme-body"
          fz="inherit"
          fw="inherit"
        >
          Readme
        </Button>
      </Title>
      <Collapse expanded={open} id="readme-body">
        <Stack gap="sm" mt="sm">
          <Text size="sm">
            A game’s servers send their own events to Ludex, signed with the game key and secret key of a
            credential. Each experience shows its counts per day on its card, and the Total Events chart adds
            them up.
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>
              Put the module below in <Code>ServerScriptService</Code> as a ModuleScript named{' '}
              <Code>LudexEvents</Code> (never where clients can read it: it holds the secret key), and turn on
              Game Settings › Security › Allow HTTP Requests.
            </List.Item>
            <List.Item>
              Record events from any server script:{' '}
              <Code>
                {
                  'require(game.ServerScriptService.LudexEvents).track("level_completed", 3, { level = "castle" })'
                }
              </Code>
            </List.Item>
            <List.Item>
              It posts batches of up to 100 events (Ludex takes {EVENT_BATCH_MAX}) to <Code>{url}</Code> every
              10 seconds and when the server closes, and retries a failed batch after 1, 2, 4, 8 and 16
              seconds. Each event has an id, so a batch sent twice counts once.
            </List.Item>
            <List.Item>
              Signing: <Code>{EVENT_HEADERS.timestamp}</Code> is the time in whole seconds since 1970 (UTC)
              and <Code>{EVENT_HEADERS.signature}</Code> the lower-case hex HMAC-SHA256 of the timestamp, a
              dot and the exact body, keyed with the secret key; <Code>{EVENT_HEADERS.gameKey}</Code> names
              the credential. Requests over 5 minutes old are refused, so a captured request cannot be
              replayed.
            </List.Item>
            <List.Item>
              A disabled credential’s events are refused (403) until it is enabled again; a deleted one’s keys
              stop working for good.
            </List.Item>
          </List>
          <Group justify="space-between" align="flex-end">
            <NativeSelect
              label="Fill in the keys of"
              data={
                credentials.length > 0
                  ? credentials.map((c) => ({ value: c.game_key, label: c.comment }))
                  : [{ value: '', label: 'No credential yet: the keys stay placeholders' }]
              }
              value={credential?.game_key ?? ''}
              onChange={(e) => setChosen(e.currentTarget.value)}
              disabled={credentials.length === 0}
              maw={360}
            />
            <Button
              variant="light"
              leftSection={<IconCopy size={16} aria-hidden />}
              onClick={() => void copyToClipboard(module, MODULE_COPIED)}
            >
              Copy module
            </Button>
          </Group>
          <ScrollArea.Autosize mah={420} type="auto">
            <Code block aria-label="LudexEvents Luau module">
              {module}
            </Code>
          </ScrollArea.Autosize>
        </Stack>
      </Collapse>
    </Paper>
  )
}
