import { AspectRatio, Center, Image, Loader, SimpleGrid, Text, UnstyledButton } from '@mantine/core'
import { type QueryClient, useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { api } from '../../api/queries.ts'
import { NO_DATA } from '../../charts/index.ts'
import { hasFailedToLoad } from '../../thumbnails/image-failure.ts'
import { defaultThumbnail, iconUrl } from '../../thumbnails/urls.ts'
import { OverviewCard } from './OverviewCard.tsx'
import classes from './overview.module.css'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

const NO_PLACES: readonly { name: string; place_id: number }[] = []

/** The places of the latest picks, whose icons the grid asks for in one call. */
const pickIds = (places: readonly { place_id: number }[]) => places.map((p) => p.place_id)

/**
 * Starts the latest picks and, once they answer, their icons (the call the grid makes), so a server
 * render draws the grid whole and the hydrated page asks for neither; not awaited.
 */
export function prefetchDailyPicks(queryClient: QueryClient): void {
  void queryClient
    .fetchQuery(api.picks())
    .then((r) => {
      const ids = pickIds(r[0]?.places ?? NO_PLACES)
      if (ids.length > 0) return queryClient.prefetchQuery(api.thumbnails(ids, 'Icon'))
    })
    .catch(() => undefined)
}

/** The latest Daily Picks of the platform as a grid of icons, each linking to its experience. */
export function DailyPicks() {
  const picks = useQuery({ ...api.picks(), select: (r) => r[0] })
  const places = picks.data?.places ?? NO_PLACES
  const ids = useMemo(() => pickIds(places), [places])
  const icons = useQuery({
    ...api.thumbnails(ids, 'Icon'),
    select: (r) => new Map(r.map((t) => [t.place_id, t.hash])),
  })

  let body: React.ReactNode
  if (picks.isPending)
    body = (
      <Center h={160}>
        <Loader aria-label="Loading daily picks" />
      </Center>
    )
  else if (places.length === 0)
    body = (
      <Center h={160}>
        <Text c="dimmed">{NO_DATA}</Text>
      </Center>
    )
  else
    body = (
      <SimpleGrid
        cols={{ base: 3, xs: 4, sm: 6, lg: 8 }}
        spacing="sm"
        component="ul"
        className={classes.plainList}
      >
        {places.map((p) => (
          <li key={p.place_id}>
            <UnstyledButton component={Link} to={`/experiences/${p.place_id}`} className={classes.pick}>
              <AspectRatio ratio={1}>
                <PickIcon placeId={p.place_id} hash={icons.data?.get(p.place_id)} pending={icons.isPending} />
              </AspectRatio>
              <Text size="xs" mt={4} lineClamp={2} ta="center">
                {p.name}
              </Text>
            </UnstyledButton>
          </li>
        ))}
      </SimpleGrid>
    )

  return (
    <OverviewCard
      title="Daily Picks"
      action={
        picks.data ? (
          <Text size="sm" c="dimmed">
            {dateFormat.format(new Date(`${picks.data.date}T00:00:00Z`))}
          </Text>
        ) : undefined
      }
    >
      {body}
    </OverviewCard>
  )
}

/** The icon: a spinner until the hash is known, the default image for 'default' or a failed load. */
function PickIcon({
  placeId,
  hash,
  pending,
}: {
  placeId: number
  hash: string | undefined
  pending: boolean
}) {
  const [failed, setFailed] = useState(false)
  if (hash === undefined && pending)
    return (
      <Center className={classes.icon}>
        <Loader size="sm" aria-hidden />
      </Center>
    )
  const src = failed || hash === undefined ? defaultThumbnail(placeId) : iconUrl(hash, placeId, 150)
  return (
    <Image
      src={src}
      alt=""
      radius="md"
      className={classes.icon}
      loading="lazy"
      decoding="async"
      width={150}
      height={150}
      onError={() => setFailed(true)}
      ref={(img: HTMLImageElement | null) => {
        if (!failed && hasFailedToLoad(img)) setFailed(true)
      }}
      // The default image lies under the icon until it has loaded (see ExperienceIcon).
      style={{ backgroundImage: `url("${defaultThumbnail(placeId)}")`, backgroundSize: 'cover' }}
    />
  )
}
