import { Anchor, List, Stack, Text, Title } from '@mantine/core'
import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { HydrationBoundary } from '../../app/hydration/HydrationBoundary.tsx'
import { type MethodologySection, SECTION_PARTS } from '../../methodology/section.ts'
import { METHODOLOGY_SECTIONS } from '../../methodology/sections/index.ts'
import { usePageMeta } from '../../shell/page-meta.ts'

export const METHODOLOGY_TITLE = 'Methodology'
const DESCRIPTION =
  'How Ludex computes the figures it shows beyond the raw samples: what is computed, from which samples, with what delay, and what can go wrong.'

/**
 * /methodology (issue 20): one section per method, each with an anchor. A server-rendered page lands
 * on its #section by itself; a link followed inside the app does not, so the page scrolls to it.
 */
export function MethodologyPage() {
  usePageMeta({ title: METHODOLOGY_TITLE, description: DESCRIPTION })
  const { hash } = useLocation()
  useEffect(() => {
    if (hash.length > 1) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView()
  }, [hash])
  return (
    <Stack component="article" gap="lg" maw={820}>
      <Title order={1}>{METHODOLOGY_TITLE}</Title>
      <Text>
        A number nobody can check is worth little. Each figure Ludex derives from the polled samples is
        explained here, and each links to its section.
      </Text>
      <nav aria-label="Methods">
        <List spacing={2}>
          {METHODOLOGY_SECTIONS.map((s) => (
            <List.Item key={s.id}>
              <Anchor href={`#${s.id}`}>{s.title}</Anchor>
            </List.Item>
          ))}
        </List>
      </nav>
      {/* Each method hydrates in a task of its own (HydrationBoundary). */}
      {METHODOLOGY_SECTIONS.map((s) => (
        <HydrationBoundary key={s.id}>
          <SectionView section={s} />
        </HydrationBoundary>
      ))}
    </Stack>
  )
}

function SectionView({ section }: { section: MethodologySection }) {
  const headingId = `${section.id}-title`
  return (
    <Stack
      component="section"
      id={section.id}
      aria-labelledby={headingId}
      gap="xs"
      style={{ scrollMarginTop: 72 }}
    >
      <Title order={2} size="h3" id={headingId}>
        {section.title}
      </Title>
      {SECTION_PARTS.map(({ key, heading }) => (
        <Stack key={key} gap={4}>
          <Title order={3} size="h5">
            {heading}
          </Title>
          {section[key].map((p) => (
            <Text key={p}>{p}</Text>
          ))}
        </Stack>
      ))}
    </Stack>
  )
}
