import { Button, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'

/** The spec's error page (part 1 §2): 404 texts, or the generic ones for any other status. */
export function ErrorPage({ status }: { status: number }) {
  const notFound = status === 404
  return (
    <Stack align="center" justify="center" mih="60vh" gap="sm" role="alert">
      <Title order={1}>{notFound ? '404 - PAGE NOT FOUND' : 'Something went wrong'}</Title>
      <Text c="dimmed">
        {notFound
          ? "This is not the resource you're looking for.."
          : 'Something went wrong, reload the page and try again..'}
      </Text>
      {!notFound && (
        <Text size="sm" c="dimmed">
          Status {status}
        </Text>
      )}
      <Button component={Link} to="/overview" variant="light">
        Go to the overview
      </Button>
    </Stack>
  )
}
