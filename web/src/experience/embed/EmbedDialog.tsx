import {
  EMBED_BADGE_STYLES,
  EMBED_RANGE_NAMES,
  EMBED_SPARKLINE_STATS,
  EMBED_STAT_LABELS,
  type EmbedBadgeStyle,
  type EmbedRange,
  type EmbedSparklineStat,
  type EmbedTheme,
} from '@ludex/schemas'
import {
  Button,
  Code,
  Group,
  Loader,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core'
import { IconCopy } from '@tabler/icons-react'
import { useState } from 'react'
import { copyToClipboard } from '../../ui/copy.ts'
import { type EmbedChoice, embedSnippets, HTML_COPIED, MARKDOWN_COPIED } from './snippets.ts'

const STYLE_LABELS: Readonly<Record<EmbedBadgeStyle, string>> = {
  flat: 'Flat',
  'flat-square': 'Flat square',
  plastic: 'Plastic',
}

/** A stat's name in the picker: the labels of the text alternative, capitalised. */
const statLabel = (stat: EmbedSparklineStat) =>
  EMBED_STAT_LABELS[stat].charAt(0).toUpperCase() + EMBED_STAT_LABELS[stat].slice(1)

function Snippet({
  label,
  text,
  copy,
  copied,
}: {
  label: string
  text: string
  copy: string
  copied: string
}) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" align="flex-end">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconCopy size={14} aria-hidden />}
          onClick={() => void copyToClipboard(text, copied)}
        >
          {copy}
        </Button>
      </Group>
      <Code block aria-label={`${label} snippet`} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {text}
      </Code>
    </Stack>
  )
}

/** A segmented choice with a visible label (SegmentedControl has no label of its own). */
function LabelledSegments<T extends string>({
  label,
  value,
  onChange,
  data,
}: {
  label: string
  value: T
  onChange: (value: T) => void
  data: readonly { value: T; label: string }[]
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <SegmentedControl
        aria-label={label}
        value={value}
        onChange={(v) => onChange(v as T)}
        data={[...data]}
      />
    </Stack>
  )
}

/** The image as it will look, on a page of its theme, with a spinner until it has loaded. */
function Preview({ src, alt, theme }: { src: string; alt: string; theme: EmbedTheme }) {
  const [state, setState] = useState<{ src: string; status: 'loaded' | 'failed' } | null>(null)
  const status = state?.src === src ? state.status : 'loading'
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      data-testid="embed-preview"
      style={{ background: theme === 'dark' ? '#0d1117' : '#ffffff', minHeight: 72 }}
    >
      <Group justify="center" mih={40}>
        {status === 'loading' && <Loader size="sm" aria-label="Loading the preview" />}
        {status === 'failed' ? (
          <Text size="sm" c="red">
            The preview could not be loaded.
          </Text>
        ) : (
          <img
            src={src}
            alt={alt}
            onLoad={() => setState({ src, status: 'loaded' })}
            onError={() => setState({ src, status: 'failed' })}
            style={{ display: status === 'loaded' ? 'block' : 'none', maxWidth: '100%' }}
          />
        )}
      </Group>
    </Paper>
  )
}

/**
 * The detail page's Embed action (issue 21): a live badge or a sparkline of the experience for
 * READMEs, wikis and forums; its options, a preview, and the Markdown and HTML snippets to copy.
 */
export function EmbedDialog({
  opened,
  placeId,
  name,
  onClose,
}: {
  opened: boolean
  placeId: number
  name: string
  onClose: () => void
}) {
  const [kind, setKind] = useState<EmbedChoice['kind']>('badge')
  const [style, setStyle] = useState<EmbedBadgeStyle>('flat')
  const [stat, setStat] = useState<EmbedSparklineStat>('ccus')
  const [range, setRange] = useState<EmbedRange>('7d')
  const [theme, setTheme] = useState<EmbedTheme>('light')
  const choice: EmbedChoice = kind === 'badge' ? { kind, style, theme } : { kind, stat, range, theme }
  const origin = typeof window === 'undefined' ? '' : window.location.origin
  const snippets = embedSnippets(origin, { placeId, name }, choice)
  return (
    <Modal opened={opened} onClose={onClose} title="Embed" centered size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          A live image of {name} for READMEs, wikis, forums and Discord. It is refreshed every 10 minutes and
          shows the last 30 days at most.
        </Text>
        <SegmentedControl
          aria-label="Image"
          value={kind}
          onChange={(v) => setKind(v as EmbedChoice['kind'])}
          data={[
            { value: 'badge', label: 'Badge' },
            { value: 'sparkline', label: 'Sparkline' },
          ]}
        />
        <Group gap="md" align="flex-end" wrap="wrap">
          {kind === 'badge' ? (
            <LabelledSegments
              label="Style"
              value={style}
              onChange={setStyle}
              data={EMBED_BADGE_STYLES.map((s) => ({ value: s, label: STYLE_LABELS[s] }))}
            />
          ) : (
            <>
              <Select
                label="Stat"
                value={stat}
                allowDeselect={false}
                onChange={(v) => v && setStat(v as EmbedSparklineStat)}
                data={EMBED_SPARKLINE_STATS.map((s) => ({ value: s, label: statLabel(s) }))}
                comboboxProps={{ withinPortal: true }}
                w={170}
              />
              <LabelledSegments
                label="Range"
                value={range}
                onChange={setRange}
                data={EMBED_RANGE_NAMES.map((r) => ({ value: r, label: r }))}
              />
            </>
          )}
          <LabelledSegments
            label="Theme"
            value={theme}
            onChange={setTheme}
            data={[
              { value: 'light', label: 'Light' },
              { value: 'dark', label: 'Dark' },
            ]}
          />
        </Group>
        <Preview src={snippets.imageUrl} alt={snippets.alt} theme={theme} />
        <Snippet label="Markdown" text={snippets.markdown} copy="Copy Markdown" copied={MARKDOWN_COPIED} />
        <Snippet label="HTML" text={snippets.html} copy="Copy HTML" copied={HTML_COPIED} />
      </Stack>
    </Modal>
  )
}
