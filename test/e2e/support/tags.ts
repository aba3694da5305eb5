import type { APIRequestContext, Browser } from '@playwright/test'
import { expect } from '@playwright/test'
import { SEEDED, signInOnboarded } from './accounts.ts'

/** A signed-in admin's request context (the seeded account), for setting up tags and roles. */
export async function adminRequest(
  browser: Browser,
): Promise<{ request: APIRequestContext; close: () => Promise<void> }> {
  // Contexts of the test's browser take the project's base URL.
  const context = await browser.newContext()
  const page = await context.newPage()
  await signInOnboarded(page, SEEDED.admin)
  return { request: page.request, close: () => context.close() }
}

/** Creates a tag over the API (POST /api/placetag) and adds the experiences; resolves to its id. */
export async function createTagViaApi(
  request: APIRequestContext,
  name: string,
  global: boolean,
  placeIds: readonly number[],
): Promise<number> {
  const created = await request.post('/api/placetag', { data: { name, global } })
  expect(created.ok(), `create ${name}: ${created.status()}`).toBe(true)
  const { id } = (await created.json()) as { id: number }
  if (placeIds.length > 0) {
    const added = await request.post(`/api/placetag/${id}/places`, { data: { place_ids: placeIds } })
    expect(added.ok(), `add to ${name}`).toBe(true)
  }
  return id
}

/** A curated tag made for a test, and how to delete it again. */
export interface TestTag {
  readonly id: number
  /** Deletes it: curated tags are every visitor's, and other specs expect a visitor to see none. */
  readonly remove: () => Promise<void>
}

/** A curated tag (visible to visitors) of the given experiences, made by the seeded admin. */
export async function curatedTag(
  browser: Browser,
  name: string,
  placeIds: readonly number[],
): Promise<TestTag> {
  const admin = await adminRequest(browser)
  try {
    const id = await createTagViaApi(admin.request, name, true, placeIds)
    return { id, remove: () => deleteTagAsAdmin(browser, id) }
  } finally {
    await admin.close()
  }
}

/** Deletes a tag as the seeded admin (an editor of curated tags); one already gone is fine. */
export async function deleteTagAsAdmin(browser: Browser, id: number): Promise<void> {
  const admin = await adminRequest(browser)
  try {
    const response = await admin.request.delete(`/api/placetag/${id}`)
    expect([200, 404], `delete tag ${id}`).toContain(response.status())
  } finally {
    await admin.close()
  }
}
