import { type ChartSortSnapshotV1, messageIdOf, type PlaceMetadataV1 } from '@ludex/schemas'

/** Messages the sink and bus tests share (test support: never imported by production code). */
export const SLOT = Date.UTC(2024, 4, 6, 12, 30)

export const details: PlaceMetadataV1 = {
  schema_version: 1,
  id: messageIdOf('details', 7, 'v1'),
  universe_id: 7,
  place_id: 70,
  observed_at: SLOT + 1,
  change: 'details',
  name: 'Tab\there "quoted" \\ back',
  description: null,
  creator_id: 99,
  creator_type: 'Group',
  creator_name: 'Studio',
  creator_verified: true,
  genre_l1: 'RPG',
  genre_l2: 'Open World',
  price: 25,
  max_players: 30,
  created_at: Date.UTC(2020, 0, 2, 3, 4, 5, 678),
  updated_at: Date.UTC(2024, 4, 1),
}

export const chart: ChartSortSnapshotV1 = {
  schema_version: 1,
  id: messageIdOf('top-trending', SLOT),
  slot: SLOT,
  observed_at: SLOT + 5,
  sort_id: 'top-trending',
  category_id: null,
  display_name: 'Trending',
  entries: [
    { universe_id: 7, place_id: 70, position: 1, sponsored: false, playing: 500 },
    { universe_id: 8, place_id: 80, position: null, sponsored: true, playing: 20 },
  ],
}
