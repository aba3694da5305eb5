import { Anchor, List, Stack, Table, Text, Title } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import { Fragment } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { HydrationBoundary } from '../../app/hydration/HydrationBoundary.tsx'
import { type Block, type LegalDocument, longDate } from '../../legal/document.ts'
import { usePageMeta } from '../../shell/page-meta.ts'
import { ScrollTable } from '../../ui/ScrollTable.tsx'
import classes from './legal.module.css'

export const BACK_LABEL = 'Back'

/** A legal page: a Back link, the title, its date, the introduction and the numbered sections. */
export function LegalPage({ doc }: { doc: LegalDocument }) {
  usePageMeta({ title: doc.title, description: doc.description })
  return (
    <Stack component="article" gap="md" maw={820}>
      <BackLink />
      <Title order={1}>{doc.title}</Title>
      <Text c="dimmed" size="sm">
        {doc.dated.label}: <time dateTime={doc.dated.date}>{longDate(doc.dated.date)}</time>
      </Text>
      {doc.intro.map((p) => (
        <Text key={p}>{p}</Text>
      ))}
      {/* Each section hydrates in a task of its own (HydrationBoundary). */}
      {doc.sections.map((section) => (
        <HydrationBoundary key={section.heading}>
          <Stack component="section" gap="xs">
            <Title order={2} size="h3">
              {section.heading}
            </Title>
            {section.blocks.map((block, i) => (
              // The blocks of a section never move: their position is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: static text
              <BlockView key={i} block={block} />
            ))}
          </Stack>
        </HydrationBoundary>
      ))}
    </Stack>
  )
}

/**
 * Back to the page the visitor came from within the app, else to the overview (part 2 §2.1). The link
 * is /overview as drawn (a server render cannot know the history); a click goes back in the history
 * when this page was reached from another of the app's pages.
 */
function BackLink() {
  const location = useLocation()
  const navigate = useNavigate()
  // The first page of a visit has the key 'default': nothing of the app's to go back to.
  const cameFromApp = location.key !== 'default'
  return (
    <Anchor
      component={Link}
      to="/overview"
      onClick={(event) => {
        if (!cameFromApp) return
        event.preventDefault()
        navigate(-1)
      }}
      size="sm"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, alignSelf: 'flex-start' }}
    >
      <IconArrowLeft size={16} aria-hidden />
      {BACK_LABEL}
    </Anchor>
  )
}

function BlockView({ block }: { block: Block }) {
  if (typeof block === 'string') return <Text>{block}</Text>
  if ('list' in block) {
    return (
      <List spacing={4}>
        {block.list.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
    )
  }
  if ('parts' in block) {
    return (
      <Text>
        {block.parts.map((part, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static text
          <Fragment key={i}>
            {typeof part === 'string' ? (
              part
            ) : (
              <Anchor component={Link} to={part.to} className={classes.inlineLink}>
                {part.label}
              </Anchor>
            )}
          </Fragment>
        ))}
      </Text>
    )
  }
  const { caption, columns, rows } = block.table
  return (
    <ScrollTable label={caption} minWidth={720} widerThanPhones>
      <Table striped withTableBorder verticalSpacing="xs">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c} scope="col">
                {c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row[0]}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <Table.Th key={columns[i]} scope="row">
                    <code>{cell}</code>
                  </Table.Th>
                ) : (
                  <Table.Td key={columns[i]} className={classes.sentence}>
                    {cell}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  )
}
