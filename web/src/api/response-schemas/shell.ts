// The response schemas of the shell's start-up calls: the session, the viewer's preferences, the site's links and the shell data (tags, creators), needed before a page hydrates.
// One module per group (response-schemas/groups.ts), each loaded when a call of the group is first made.
export {
  creatorList,
  placeTagList,
  sessionState,
  siteInfo,
  userPreferences,
} from '@ludex/schemas'
