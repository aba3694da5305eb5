import classes from './default-thumbnail.module.css'
import { defaultThumbnailIndex } from './urls.ts'

const CLASSES = [classes.default1, classes.default2, classes.default3] as const

/** The class that lays the default image of `id` (defaultThumbnail's) under an icon or a picture. */
export function defaultBackgroundClass(id: number): string | undefined {
  return CLASSES[defaultThumbnailIndex(id)]
}
