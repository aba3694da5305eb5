// No zod here: the web app's entry imports this module, and a schema defined beside it would bring zod
// into the first load of every page.

/**
 * The id of the `<script type="application/json">` the API writes a rendered page's state into, right
 * after the page's root: the client reads it to hydrate, and the page's first frame waits for it.
 */
export const SSR_STATE_ELEMENT_ID = 'ludex-ssr-state'
