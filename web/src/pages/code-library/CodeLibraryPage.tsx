import { Anchor, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { IconBooks, IconExternalLink } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { api } from '../../api/queries.ts'
import { useAccessRedirect } from '../../shell/page-guard.tsx'
import { usePageMeta } from '../../shell/page-meta.ts'
import classes from './code-library.module.css'

export const CODE_LIBRARY_TITLE = 'Code Library'
export const NO_LIBRARY_TITLE = 'No code library is set up'
export const NO_LIBRARY_TEXT =
  'An administrator sets CODE_LIBRARY_URL to the address of the library’s page, and it shows here.'

function Library({ url }: { url: string }) {
  const [loaded, setLoaded] = useState(false)
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
          <Group gap={4} component="span">
            Open in a new tab <IconExternalLink size={14} aria-hidden />
          </Group>
        </Anchor>
      </Group>
      <div className={classes.frameBox} aria-busy={!loaded}>
        {!loaded && (
          <Center className={classes.spinner}>
            <Loader aria-label="Loading the code library" />
          </Center>
        )}
        <iframe
          className={classes.frame}
          title="Code library"
          src={url}
          onLoad={() => setLoaded(true)}
          // Its own scripts, forms and pop-ups, but never this page's cookies, storage or navigation.
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    </Stack>
  )
}

/**
 * /code-library (part 2 §2.10, VIEW_CODE_LIBRARY): the configured library page in a frame, with a
 * spinner until it has loaded; without one configured, a clear empty state.
 */
export function CodeLibraryPage() {
  usePageMeta({ title: CODE_LIBRARY_TITLE, noIndex: true })
  const denied = useAccessRedirect('VIEW_CODE_LIBRARY')
  const library = useQuery({ ...api.codeLibrary(), enabled: denied === null })
  if (denied) return denied
  return (
    <Stack gap="md">
      <Title order={1}>{CODE_LIBRARY_TITLE}</Title>
      {library.isPending ? (
        <Center h={240}>
          <Loader aria-label="Loading the code library" />
        </Center>
      ) : library.isError ? (
        <Paper withBorder radius="md" p="xl">
          <Text>Could not load the code library’s address: {library.error.message}</Text>
        </Paper>
      ) : library.data.url === null ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="xs" ta="center">
            <IconBooks size={40} stroke={1.4} aria-hidden />
            <Title order={2} size="h4">
              {NO_LIBRARY_TITLE}
            </Title>
            <Text c="dimmed" maw={520}>
              {NO_LIBRARY_TEXT}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Library url={library.data.url} />
      )}
    </Stack>
  )
}
