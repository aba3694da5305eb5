import { PLACE_BASE, PLACE_STRIDE, UNIVERSE_BASE, UNIVERSE_STRIDE } from './experience.ts'
import { experienceAt, type PlatformModel } from './platform.ts'

/** Experience index of a universe id, or -1 (ids are laid out one stride per index, so no map is kept). */
export function indexOfUniverse(model: PlatformModel, universeId: number): number {
  const i = Math.floor((universeId - UNIVERSE_BASE) / UNIVERSE_STRIDE)
  if (!Number.isSafeInteger(universeId) || i < 0 || i >= model.count) return -1
  return experienceAt(model, i).universeId === universeId ? i : -1
}

export function indexOfPlace(model: PlatformModel, placeId: number): number {
  const i = Math.floor((placeId - PLACE_BASE) / PLACE_STRIDE)
  if (!Number.isSafeInteger(placeId) || i < 0 || i >= model.count) return -1
  return experienceAt(model, i).rootPlaceId === placeId ? i : -1
}
