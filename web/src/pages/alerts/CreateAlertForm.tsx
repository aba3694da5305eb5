import {
  ALERT_NAME_MAX_LENGTH,
  ALERT_TOP_N_MAX,
  type AlertCreate,
  type AlertRuleCreate,
  CHART_CATEGORIES,
  LIST_SEARCH_DEBOUNCE_MS,
  MOMENTUM_LABEL_TEXT,
  momentumLabels,
  type PlaceTag,
} from '@ludex/schemas'
import {
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  TextInput,
  Title,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useMemo, useState } from 'react'
import { ApiRequestError, apiSend } from '../../api/client.ts'
import { useExperienceSuggestions } from '../../search/experience-search.ts'
import { toast } from '../../ui/toasts.ts'
import { RULE_KINDS } from './describe.ts'

type Kind = AlertRuleCreate['kind']
type Channel = 'email' | 'digest' | 'webhook-json' | 'webhook-discord'

type MomentumTo = Extract<AlertRuleCreate, { kind: 'momentum' }>['to']

const MOMENTUM_TO: { value: MomentumTo; label: string }[] = [
  { value: 'any', label: 'Any other label' },
  ...momentumLabels.map((l) => ({ value: l, label: MOMENTUM_LABEL_TEXT[l] })),
]

const CHANNELS: { value: Channel; label: string }[] = [
  { value: 'email', label: 'Email' },
  { value: 'digest', label: 'Email, daily digest' },
  { value: 'webhook-json', label: 'Webhook (JSON)' },
  { value: 'webhook-discord', label: 'Webhook (Discord)' },
]

/**
 * The create form: a name, what to watch (an experience, or every member of a tag), the rule and its
 * numbers, and where firings go. The server checks everything again; its refusal (a field named, a
 * limit) is shown under the form.
 */
export function CreateAlertForm({ tags }: { tags: readonly PlaceTag[] }) {
  const queryClient = useQueryClient()
  const [name, setName] = useState('')
  const [targetType, setTargetType] = useState<'experience' | 'tag'>('experience')
  const [placeId, setPlaceId] = useState<string | null>(null)
  const [tagId, setTagId] = useState<string | null>(null)
  const [kind, setKind] = useState<Kind>('ccu')
  const [direction, setDirection] = useState('above')
  const [threshold, setThreshold] = useState<number | string>(1000)
  const [period, setPeriod] = useState<'day' | 'week'>('day')
  const [changeDirection, setChangeDirection] = useState<'up' | 'down' | 'either'>('either')
  const [percent, setPercent] = useState<number | string>(25)
  const [categoryId, setCategoryId] = useState<string | null>(String(CHART_CATEGORIES[0]?.id ?? 8))
  const [topN, setTopN] = useState<number | string>(10)
  const [rankDirection, setRankDirection] = useState<'enter' | 'leave' | 'either'>('either')
  const [momentumTo, setMomentumTo] = useState<MomentumTo>('any')
  const [channel, setChannel] = useState<Channel>('email')
  const [url, setUrl] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  // The experience is searched on the server as it is typed (300 ms after the last keystroke); the one
  // chosen stays an option, so its label shows whatever is searched next.
  const [experienceSearch, setExperienceSearch] = useState('')
  const [settledSearch] = useDebouncedValue(experienceSearch, LIST_SEARCH_DEBOUNCE_MS)
  const { suggestions, settled } = useExperienceSuggestions(settledSearch)
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null)
  const experienceOptions = useMemo(() => {
    const options = suggestions.map((e) => ({
      value: String(e.place_id),
      label: `${e.canonical_name || e.name} (${e.place_id})`,
    }))
    return chosen && !options.some((o) => o.value === chosen.value) ? [chosen, ...options] : options
  }, [suggestions, chosen])
  const tagOptions = useMemo(() => tags.map((t) => ({ value: String(t.id), label: t.name })), [tags])

  const rule = (): AlertRuleCreate => {
    switch (kind) {
      case 'ccu':
        return { kind, direction: direction === 'below' ? 'below' : 'above', threshold: Number(threshold) }
      case 'change':
        return { kind, period, direction: changeDirection, percent: Number(percent) }
      case 'rank':
        return { kind, categoryId: Number(categoryId), topN: Number(topN), direction: rankDirection }
      case 'momentum':
        return { kind, to: momentumTo }
      default:
        return { kind }
    }
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    setProblem(null)
    const target =
      targetType === 'experience'
        ? placeId && { type: 'experience' as const, placeId: Number(placeId) }
        : tagId && { type: 'tag' as const, tagId: Number(tagId) }
    if (!name.trim()) return setProblem('Give the alert a name.')
    if (!target) return setProblem(targetType === 'experience' ? 'Choose an experience.' : 'Choose a tag.')
    const delivery: AlertCreate['delivery'] = channel.startsWith('webhook')
      ? { channel: 'webhook', url: url.trim(), format: channel === 'webhook-discord' ? 'discord' : 'json' }
      : { channel: 'email', digest: channel === 'digest' }
    setPending(true)
    try {
      await apiSend('POST', '/api/alerts', { name: name.trim(), target, rule: rule(), delivery }, 'alert')
      await queryClient.invalidateQueries({ queryKey: ['alerts'] })
      toast.success('Alert created')
      setName('')
    } catch (err) {
      setProblem(
        err instanceof ApiRequestError ? err.message : 'The alert could not be created. Please try again.',
      )
    } finally {
      setPending(false)
    }
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="alerts-create">
      <Title order={2} size="h4" id="alerts-create" mb="sm">
        New alert
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            value={name}
            maxLength={ALERT_NAME_MAX_LENGTH}
            onChange={(e) => setName(e.currentTarget.value)}
            required
          />
          <SegmentedControl
            aria-label="Watch"
            value={targetType}
            onChange={(v) => setTargetType(v === 'tag' ? 'tag' : 'experience')}
            data={[
              { value: 'experience', label: 'An experience' },
              { value: 'tag', label: 'Every experience of a tag' },
            ]}
          />
          {targetType === 'experience' ? (
            <Select
              label="Experience"
              placeholder="Search by name or place id"
              searchable
              searchValue={experienceSearch}
              onSearchChange={setExperienceSearch}
              // The options are the server's matches already, in its order.
              filter={({ options }) => options}
              data={experienceOptions}
              value={placeId}
              onChange={(value, option) => {
                setPlaceId(value)
                setChosen(value === null ? null : { value, label: option?.label ?? value })
              }}
              allowDeselect={false}
              nothingFoundMessage={settled ? 'No experience found' : 'Searching…'}
            />
          ) : (
            <Select
              label="Tag"
              placeholder="Choose a tag"
              searchable
              data={tagOptions}
              value={tagId}
              onChange={setTagId}
              allowDeselect={false}
            />
          )}
          <Select
            label="Fires when"
            data={RULE_KINDS.map((k) => ({ value: k.value, label: k.label }))}
            value={kind}
            onChange={(v) => v && setKind(v as Kind)}
            allowDeselect={false}
          />
          {kind === 'ccu' && (
            <Group grow align="flex-start">
              <Select
                label="Direction"
                data={[
                  { value: 'above', label: 'Goes above' },
                  { value: 'below', label: 'Goes below' },
                ]}
                value={direction}
                onChange={(v) => v && setDirection(v)}
                allowDeselect={false}
              />
              <NumberInput
                label="CCU threshold"
                min={0}
                step={100}
                thousandSeparator=","
                value={threshold}
                onChange={setThreshold}
              />
            </Group>
          )}
          {kind === 'change' && (
            <Group grow align="flex-start">
              <Select
                label="Over a"
                data={[
                  { value: 'day', label: 'Day' },
                  { value: 'week', label: 'Week' },
                ]}
                value={period}
                onChange={(v) => setPeriod(v === 'week' ? 'week' : 'day')}
                allowDeselect={false}
              />
              <Select
                label="Direction"
                data={[
                  { value: 'either', label: 'Up or down' },
                  { value: 'up', label: 'Up' },
                  { value: 'down', label: 'Down' },
                ]}
                value={changeDirection}
                onChange={(v) => v && setChangeDirection(v as 'up' | 'down' | 'either')}
                allowDeselect={false}
              />
              <NumberInput label="By at least (%)" min={0.1} step={5} value={percent} onChange={setPercent} />
            </Group>
          )}
          {kind === 'rank' && (
            <Group grow align="flex-start">
              <Select
                label="Chart"
                data={CHART_CATEGORIES.map((c) => ({ value: String(c.id), label: c.title }))}
                value={categoryId}
                onChange={setCategoryId}
                allowDeselect={false}
              />
              <NumberInput label="Top N" min={1} max={ALERT_TOP_N_MAX} value={topN} onChange={setTopN} />
              <Select
                label="When it"
                data={[
                  { value: 'either', label: 'Enters or leaves' },
                  { value: 'enter', label: 'Enters' },
                  { value: 'leave', label: 'Leaves' },
                ]}
                value={rankDirection}
                onChange={(v) => v && setRankDirection(v as 'enter' | 'leave' | 'either')}
                allowDeselect={false}
              />
            </Group>
          )}
          {kind === 'momentum' && (
            <Select
              label="Turns to"
              description="The label of the last complete day against the day before (see the methodology page)."
              data={MOMENTUM_TO}
              value={momentumTo}
              onChange={(v) => v && setMomentumTo(v as MomentumTo)}
              allowDeselect={false}
            />
          )}
          <Select
            label="Deliver by"
            data={CHANNELS}
            value={channel}
            onChange={(v) => v && setChannel(v as Channel)}
            allowDeselect={false}
          />
          {channel.startsWith('webhook') && (
            <TextInput
              label="Webhook URL"
              description="An http(s) address on the public internet; calls are signed (see the methodology page)."
              placeholder="https://example.com/hooks/ludex"
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              required
            />
          )}
          {problem && (
            <div role="alert" style={{ color: 'var(--mantine-color-error)' }}>
              {problem}
            </div>
          )}
          <Group>
            <Button type="submit" loading={pending}>
              Create Alert
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}
