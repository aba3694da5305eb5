import { BREAKPOINTS_PX } from '@ludex/schemas'
import { Box, Button, Checkbox, ColorSwatch, Group, Paper, Text, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react'
import classes from './AnnotationPicker.module.css'
import { ANNOTATION_KINDS, type Annotation, type AnnotationSettings } from './annotations.ts'

/**
 * Which markers the charts draw. On small screens it folds away (the folded state is remembered);
 * on wide screens it is always open.
 */
export function AnnotationPicker({
  annotations,
  settings,
  onChange,
}: {
  annotations: readonly Annotation[]
  settings: AnnotationSettings
  onChange: (next: AnnotationSettings) => void
}) {
  // CSS folds the body on small screens (AnnotationPicker.module.css), so the server's markup holds for
  // every screen. The media query, read after mounting, only says so on the button (the page hydrates
  // as drawn: open); the button is in the markup everywhere and CSS shows it on small screens only.
  const small = useMediaQuery(`(max-width: ${BREAKPOINTS_PX.md - 1}px)`, false, {
    getInitialValueInEffect: true,
  })
  const open = !small || !settings.collapsed
  const count = (kind: string) => annotations.filter((a) => a.kind === kind).length
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="annotation-picker-title">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h5" id="annotation-picker-title">
          Chart Annotations
        </Title>
        <Button
          hiddenFrom="sm"
          variant="subtle"
          size="compact-sm"
          aria-expanded={open}
          aria-controls="annotation-picker-body"
          rightSection={open ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
          onClick={() => onChange({ ...settings, collapsed: !settings.collapsed })}
        >
          {open ? 'Hide' : 'Show'}
        </Button>
      </Group>
      <Box
        id="annotation-picker-body"
        pt="sm"
        className={classes.body}
        data-collapsed={settings.collapsed || undefined}
      >
        <Group gap="lg" wrap="wrap">
          {ANNOTATION_KINDS.map((k) => (
            <Checkbox
              key={k.kind}
              checked={settings.enabled[k.kind]}
              onChange={(ev) =>
                onChange({
                  ...settings,
                  enabled: { ...settings.enabled, [k.kind]: ev.currentTarget.checked },
                })
              }
              label={
                <Group gap={6} wrap="nowrap">
                  <ColorSwatch color={k.color} size={12} aria-hidden />
                  <Text size="sm">
                    {k.label} ({count(k.kind)})
                  </Text>
                </Group>
              }
            />
          ))}
        </Group>
      </Box>
    </Paper>
  )
}
