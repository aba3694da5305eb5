import { Button, Code, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import { usePageMeta } from './page-meta.ts'

export const NOT_FOUND_TITLE = '404 - PAGE NOT FOUND'
export const NOT_FOUND_TEXT = "This is not the resource you're looking for.."
export const GENERIC_ERROR_TITLE = 'Something went wrong'
export const GENERIC_ERROR_TEXT = 'Something went wrong, reload the page and try again..'

/**
 * The spec's error page (part 1 §2): 404 texts, or the generic ones for any other status. `detail`
 * names the cause where it helps the reader (an unknown hash key names the key).
 */
export function ErrorPage({ status, detail }: { status: number; detail?: string }) {
  const notFound = status === 404
  const title = notFound ? NOT_FOUND_TITLE : GENERIC_ERROR_TITLE
  usePageMeta({ title, noIndex: true })
  return (
    <Stack align="center" justify="center" mih="60vh" gap="sm" role="alert">
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{notFound ? NOT_FOUND_TEXT : GENERIC_ERROR_TEXT}</Text>
      {!notFound && (
        <Text size="sm" c="dimmed">
          Status {status}
        </Text>
      )}
      {detail && <Code>{detail}</Code>}
      <Button component={Link} to="/overview" variant="light">
        Go to the overview
      </Button>
    </Stack>
  )
}
