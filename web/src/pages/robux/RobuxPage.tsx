import {
  CONVERTER_PERIOD_LABELS,
  type ConverterRates,
  type ConverterRow,
  converterTable,
  DEVEX_HELP_URL,
  formatMoney,
  robuxFromUsd,
  usdDecimals,
  usdFromRobux,
} from '@ludex/schemas'
import { Alert, Anchor, NumberInput, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { api } from '../../api/queries.ts'
import { useAccessRedirect } from '../../shell/page-guard.tsx'
import { usePageMeta } from '../../shell/page-meta.ts'
import classes from './robux.module.css'
import {
  CONVERTER_RATE,
  DEVEX_RATE,
  DEVEX_SOURCE,
  DEVEX_SPAN,
  ROBUX_TITLE,
  ratesUnavailable,
} from './texts.ts'

// Created once (DESIGN §6).
const robuxFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })
const dateFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
})

/** The amount typed last decides the other: Robux → USD at 0.0035, USD → Robux at 285.7142857, rounded. */
type Typed = { readonly from: 'robux' | 'usd'; readonly value: number | '' }

const amount = (v: number | string): number | '' => (typeof v === 'number' && Number.isFinite(v) ? v : '')

function Columns({ rates }: { rates: boolean }) {
  return (
    <Table.Tr>
      <Table.Th scope="col">Period</Table.Th>
      <Table.Th scope="col" className={classes.number}>
        Robux
      </Table.Th>
      <Table.Th scope="col" className={classes.number}>
        USD
      </Table.Th>
      <Table.Th scope="col" className={classes.number}>
        USD at the DevEx rate
      </Table.Th>
      {rates && (
        <>
          <Table.Th scope="col" className={classes.number}>
            EUR
          </Table.Th>
          <Table.Th scope="col" className={classes.number}>
            SEK
          </Table.Th>
        </>
      )}
    </Table.Tr>
  )
}

/** The figures of one row, labelled, in the order of the table's columns. */
function figures(row: ConverterRow): [string, string][] {
  return [
    ['Robux', robuxFormat.format(row.robux)],
    ['USD', formatMoney(row.usd, 'USD')],
    ['USD at the DevEx rate', formatMoney(row.devexUsd, 'USD')],
    ...(row.eur === null ? [] : ([['EUR', formatMoney(row.eur, 'EUR')]] as [string, string][])),
    ...(row.sek === null ? [] : ([['SEK', formatMoney(row.sek, 'SEK')]] as [string, string][])),
  ]
}

/**
 * /robux (part 2 §2.10, §9): Robux ⇄ USD at the spec's rate, a table of the amount as one day's over a
 * day, a week, a month and a year, in EUR and SEK through the day's rates (USD only, saying why, when
 * they cannot be had), and the Developer Exchange's current rate beside the spec's.
 */
export function RobuxPage() {
  usePageMeta({ title: ROBUX_TITLE, noIndex: true })
  const denied = useAccessRedirect('staff')
  const rates = useQuery({ ...api.exchangeRates(), enabled: denied === null })
  const [typed, setTyped] = useState<Typed>({ from: 'robux', value: 1000 })
  if (denied) return denied

  const value = typed.value === '' ? 0 : typed.value
  const robux = typed.from === 'robux' ? value : robuxFromUsd(value)
  const usd = typed.from === 'usd' ? value : usdFromRobux(value)
  const usdShown = Number(usd.toFixed(usdDecimals(usd)))
  const dayRates: ConverterRates = rates.data ? rates.data.rates : null
  const rows = converterTable(robux, dayRates)

  return (
    <Stack gap="md">
      <Title order={1}>{ROBUX_TITLE}</Title>
      <Paper withBorder radius="md" p="md" component="section" aria-label="Convert">
        <Stack gap="sm">
          <div className={classes.inputs}>
            <NumberInput
              label="Robux"
              value={typed.from === 'robux' ? typed.value : robux}
              onChange={(v) => setTyped({ from: 'robux', value: amount(v) })}
              min={0}
              max={1e12}
              allowNegative={false}
              decimalScale={0}
              thousandSeparator=","
              hideControls
            />
            <NumberInput
              label="USD"
              value={typed.from === 'usd' ? typed.value : usdShown}
              onChange={(v) => setTyped({ from: 'usd', value: amount(v) })}
              min={0}
              max={1e10}
              allowNegative={false}
              decimalScale={6}
              thousandSeparator=","
              prefix="$"
              hideControls
            />
          </div>
          <Text size="sm" c="dimmed">
            {CONVERTER_RATE}
          </Text>
        </Stack>
      </Paper>

      {rates.isError && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} title="USD only">
          {ratesUnavailable(rates.error.message)}
        </Alert>
      )}

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="robux-periods">
        <Stack gap="sm">
          <Title order={2} size="h4" id="robux-periods">
            Over time, at {robuxFormat.format(robux)} Robux a day
          </Title>
          <div className={classes.table}>
            <Table.ScrollContainer minWidth={640}>
              <Table striped verticalSpacing="xs" aria-busy={rates.isPending}>
                <Table.Thead>
                  <Columns rates={dayRates !== null} />
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.period}>
                      <Table.Th scope="row">{CONVERTER_PERIOD_LABELS[row.period]}</Table.Th>
                      {figures(row).map(([label, text]) => (
                        <Table.Td key={label} className={classes.number}>
                          {text}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </div>
          <ul className={classes.cards} aria-label="Over time">
            {rows.map((row) => (
              <li key={row.period} className={classes.card}>
                <Text fw={600}>{CONVERTER_PERIOD_LABELS[row.period]}</Text>
                <dl>
                  {figures(row).map(([label, text]) => (
                    <div key={label} style={{ display: 'contents' }}>
                      <dt>{label}</dt>
                      <dd>{text}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
          <Text size="sm" c="dimmed" aria-live="polite">
            {rates.data
              ? `EUR and SEK at the rates of ${dateFormat.format(new Date(rates.data.updated))} UTC; next update ${dateFormat.format(new Date(rates.data.expires))} UTC.`
              : rates.isPending
                ? 'Loading the day’s EUR and SEK rates…'
                : ''}
          </Text>
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="robux-devex">
        <Stack gap={6}>
          <Title order={2} size="h4" id="robux-devex">
            Developer Exchange
          </Title>
          <Text size="sm">{DEVEX_RATE}</Text>
          <Text size="sm">{DEVEX_SPAN}</Text>
          <Text size="sm">
            Source:{' '}
            <Anchor href={DEVEX_HELP_URL} target="_blank" rel="noopener noreferrer">
              {DEVEX_SOURCE}
            </Anchor>{' '}
            (Roblox Help).
          </Text>
        </Stack>
      </Paper>
    </Stack>
  )
}
