/** The texts of part 2 §8 for event credentials, verbatim (the failure to disable is the spec's own words). */
export const CREDENTIAL_TOASTS = {
  created: 'Successfully created event credential',
  createFailed: 'Could not create event credential',
  renamed: 'Successfully updated event credential name',
  renameFailed: 'Could not update event credential name',
  disabled: 'Successfully disabled event credential',
  enabled: 'Successfully enabled event credential',
  disableFailed: 'Could not disable',
  enableFailed: 'Could not enable event credential',
  deleted: 'Successfully deleted event credential name',
  deleteFailed: 'Could not delete event credential',
  gameKeyCopied: 'Game key has been copied to your clipboard.',
  secretKeyCopied: 'Secret key has been copied to your clipboard.',
} as const

/** Not the spec's (it shows no module): the Readme's copy action. */
export const MODULE_COPIED = 'The Luau module has been copied to your clipboard.'
