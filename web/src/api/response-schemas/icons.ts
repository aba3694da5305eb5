// The response schema of the icons every page asks for once it has hydrated (`/api/thumbnail/bulk`), in a group of its own: its module is small, so the first answer after the page is drawn does not evaluate every public page's schemas in one task.
// One module per group (response-schemas/groups.ts), each loaded when a call of the group is first made.
export { thumbnailList } from '@ludex/schemas'
