import type { MethodologySection } from '../section.ts'

/** The anchor of the section (the detail page's Thumbnail Changes card links to it). */
export const THUMBNAIL_CHANGES_SECTION_ID = 'thumbnail-changes'

/** Thumbnail change markers (issue 20.2): when an experience's icon or banner is replaced. */
export const thumbnailChangesSection: MethodologySection = {
  id: THUMBNAIL_CHANGES_SECTION_ID,
  title: 'Thumbnail Changes',
  computed: [
    'The thumbnail set is two images: the icon and the banner (the first game thumbnail). A thumbnail change marker stands at a capture where either image differs from the same image\u2019s capture before it; the first capture of an image is the starting point, not a change, and the same image captured again is no change. Going back to an earlier image is a change.',
    'An icon and a banner replaced in the same capture make one marker. Its hover says which images were replaced and when; it links to the Thumbnail Changes list on the experience\u2019s page, which shows the image before and the image after, each opening at full size.',
  ],
  samples: [
    'The hourly capture of every tracked experience\u2019s icon and banner; Ludex keeps an image\u2019s address (its hash) each time it differs from the last one kept, so the markers are read from that history. An image the platform has not finished preparing (pending or unavailable) is not recorded until it settles.',
  ],
  delay: [
    'Up to an hour after the image is replaced on the platform, plus the time for the capture to reach the store (about one 10-minute slot).',
  ],
  pitfalls: [
    'A marker is timed at the capture that first saw the new image, not at the moment the developer uploaded it: the replacement happened some time in the hour before.',
    'The image service keeps an image\u2019s address for 180 days: an old change\u2019s before image may no longer load (the default image is shown instead).',
    'Only the first game thumbnail is compared: reordering or replacing the later thumbnails of the carousel is not marked. An image re-encoded by the platform under a new address counts as a change even if it looks the same.',
  ],
}
