import { Center, Loader } from '@mantine/core'

/** Shown until the session is known and the first route is ready (part 1 §2, start-up). */
export function StartupSpinner() {
  return (
    <Center h="100vh" role="status" aria-label="Loading Ludex">
      <Loader />
    </Center>
  )
}
