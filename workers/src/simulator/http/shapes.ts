import {
  type AgeRating,
  type BadgeState,
  type CreatorParams,
  creatorAt,
  type ExperienceMetadata,
  experienceAt,
  metadataAt,
  type PlatformModel,
  type Sample,
  type SortState,
} from '../model/index.ts'
import { iso } from './wire.ts'

/** Roblox JSON shapes built from model state (roblox-api.md §1–§11). */

export function imageUrl(hash: string, size: string, format = 'Png'): string {
  const [w, h] = size.split('x')
  return `https://tr.rbxcdn.com/180DAY-${hash}/${w ?? '150'}/${h ?? '150'}/Image/${format}/noFilter`
}

export function thumbnailItem(
  targetId: number,
  hash: string,
  size: string,
  format: string,
  pending: boolean,
) {
  return pending
    ? { targetId, state: 'Pending', imageUrl: null, version: 'TN3' }
    : { targetId, state: 'Completed', imageUrl: imageUrl(hash, size, format), version: 'TN3' }
}

function creatorRef(c: CreatorParams) {
  return { id: c.id, name: c.name, type: c.type, isRNVAccount: false, hasVerifiedBadge: c.verified }
}

/** What /v1/games answers for a restricted, private or deleted universe (roblox-api.md §16). */
export const CENSORED_GAME = {
  id: 0,
  rootPlaceId: 0,
  name: '[TITLE UNAVAILABLE]',
  description: '',
  sourceName: null,
  sourceDescription: null,
  creator: { id: 0, name: '[UNKNOWN]', type: 'Group', isRNVAccount: false, hasVerifiedBadge: false },
  price: null,
  allowedGearGenres: [],
  allowedGearCategories: [],
  isGenreEnforced: false,
  copyingAllowed: false,
  playing: 0,
  visits: 0,
  maxPlayers: 0,
  created: '0001-01-01T00:00:00Z',
  updated: '0001-01-01T00:00:00Z',
  studioAccessToApisAllowed: false,
  createVipServersAllowed: false,
  universeAvatarType: 'MorphToR15',
  genre: 'All',
  isAllGenre: true,
  isFavoritedByUser: false,
  favoritedCount: 0,
  isContentRestricted: true,
} as const

export function gameShape(
  model: PlatformModel,
  index: number,
  meta: ExperienceMetadata,
  sample: Sample,
  omit: boolean,
) {
  const p = experienceAt(model, index)
  const c = creatorAt(model, meta.creatorIndex)
  const genres = omit
    ? {}
    : { genre_l1: meta.genreL1, genre_l2: meta.genreL2, untranslated_genre_l1: meta.genreL1.toLowerCase() }
  return {
    id: p.universeId,
    rootPlaceId: p.rootPlaceId,
    name: meta.name,
    description: meta.description,
    sourceName: meta.name,
    sourceDescription: meta.description,
    creator: creatorRef(c),
    price: meta.price === 0 ? null : meta.price,
    allowedGearGenres: ['All'],
    allowedGearCategories: [],
    isGenreEnforced: false,
    copyingAllowed: false,
    playing: sample.playing,
    visits: sample.visits,
    maxPlayers: meta.maxPlayers,
    created: iso(meta.createdMs),
    updated: iso(meta.updatedMs),
    studioAccessToApisAllowed: false,
    createVipServersAllowed: index % 3 === 0,
    universeAvatarType: 'MorphToR15',
    genre: 'All',
    ...genres,
    isAllGenre: true,
    isFavoritedByUser: false,
    favoritedCount: sample.favorites,
    isContentRestricted: false,
  }
}

export function placeDetailsShape(model: PlatformModel, index: number, meta: ExperienceMetadata) {
  const p = experienceAt(model, index)
  const c = creatorAt(model, meta.creatorIndex)
  return {
    placeId: p.rootPlaceId,
    name: meta.name,
    description: meta.description,
    sourceName: meta.name,
    sourceDescription: meta.description,
    url: `https://www.roblox.com/games/${p.rootPlaceId}/${meta.name.replace(/[^A-Za-z0-9]+/g, '-')}`,
    builder: c.name,
    builderId: c.id,
    hasVerifiedBadge: c.verified,
    isPlayable: meta.reasonProhibited === 'None',
    reasonProhibited: meta.reasonProhibited,
    universeId: p.universeId,
    universeRootPlaceId: p.rootPlaceId,
    price: meta.price,
    imageToken: `T_${p.rootPlaceId}_${meta.iconHash.slice(0, 4)}`,
  }
}

const MATURITY_LABEL: Record<AgeRating['maturity'], string> = {
  minimal: 'Minimal',
  mild: 'Mild',
  moderate: 'Moderate',
  restricted: 'Restricted',
  unrated: 'Unrated',
}

export function ageRecommendationShape(rating: AgeRating) {
  if (rating.minimumAge === null) {
    return {
      headerDisplayName: 'Maturity',
      headerDisplayNameShort: 'Maturity',
      ageRecommendationDetails: null,
    }
  }
  const label = MATURITY_LABEL[rating.maturity]
  return {
    headerDisplayName: 'Maturity',
    headerDisplayNameShort: 'Maturity',
    ageRecommendationDetails: {
      summary: {
        ageRecommendation: {
          displayName: label,
          displayNameWithHeaderShort: `Maturity: ${label}`,
          minimumAge: rating.minimumAge,
          contentMaturity: rating.maturity,
        },
      },
      descriptorUsages:
        rating.maturity === 'minimal'
          ? []
          : [{ name: 'violence', descriptor: { name: 'violence', displayName: 'Violence' } }],
    },
  }
}

export function sortShape(
  model: PlatformModel,
  sort: SortState,
  slotMs: number,
  votes: (index: number) => Sample,
  omit: boolean,
) {
  return {
    sortId: sort.sortId,
    sortDisplayName: sort.displayName,
    contentType: 'Games',
    treatmentType: 'Carousel',
    gameSetTypeId: 100 + (sort.categoryId ?? 0),
    topicLayoutData: {},
    nextPageToken: '',
    games: sort.entries.map((e) => {
      const p = experienceAt(model, e.index)
      const meta = metadataAt(model, e.index, slotMs)
      const c = creatorAt(model, meta.creatorIndex)
      const v = votes(e.index)
      return {
        universeId: p.universeId,
        rootPlaceId: p.rootPlaceId,
        name: meta.name,
        playerCount: e.playing,
        ...(omit ? {} : { totalUpVotes: v.upVotes, totalDownVotes: v.downVotes }),
        isSponsored: e.sponsored,
        nativeAdData: e.sponsored ? `ad-${p.universeId}` : '',
        minimumAge: meta.ageRating.minimumAge ?? 0,
        ageRecommendationDisplayName: MATURITY_LABEL[meta.ageRating.maturity],
        creatorName: c.name,
        creatorType: c.type,
        creatorId: c.id,
        creatorHasVerifiedBadge: c.verified,
      }
    }),
  }
}

export const FILTER_SORT = {
  sortId: 'filters_v5',
  contentType: 'Filters',
  filters: [
    {
      filterId: 'device',
      filterType: 'device',
      filterDisplayName: 'Device',
      filterOptions: [
        { optionId: 'all', optionDisplayName: 'All Devices' },
        { optionId: 'phone', optionDisplayName: 'Phone' },
      ],
      selectedOptionId: 'all',
    },
  ],
}

export function badgeShape(model: PlatformModel, index: number, b: BadgeState, meta: ExperienceMetadata) {
  const p = experienceAt(model, index)
  return {
    id: b.id,
    name: b.name,
    description: b.description,
    displayName: b.name,
    displayDescription: b.description,
    enabled: b.enabled,
    iconImageId: b.iconImageId,
    displayIconImageId: b.iconImageId,
    created: iso(b.createdMs),
    updated: iso(b.updatedMs),
    statistics: {
      pastDayAwardedCount: b.pastDayAwardedCount,
      awardedCount: b.awardedCount,
      winRatePercentage: b.winRatePercentage,
    },
    awardingUniverse: { id: p.universeId, name: meta.name, rootPlaceId: p.rootPlaceId },
  }
}
