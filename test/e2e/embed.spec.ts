import { badgeSvg } from '@ludex/api'
import { embedBadgePath, embedSparklinePath } from '@ludex/schemas'
import type { Page } from '@playwright/test'
import { expect, main, test } from './support/fixtures.ts'

/*
 * The embeddable images (issue 21): served by the running app, parsed by Chromium's XML parser (they
 * validate and carry their text alternative), drawn as <img> (naturalWidth > 0; the gallery's
 * screenshot is in the artifacts), and the detail page's Embed dialog with its snippets.
 */

/** What Chromium's XML parser reads from an SVG document: an error, or the root's accessible parts. */
async function parseSvg(page: Page, text: string) {
  return page.evaluate((svg) => {
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml')
    const error = doc.querySelector('parsererror')
    const root = doc.documentElement
    return {
      error: error?.textContent ?? null,
      root: root.localName,
      namespace: root.namespaceURI,
      role: root.getAttribute('role'),
      label: root.getAttribute('aria-label'),
      title: root.querySelector(':scope > title')?.textContent ?? null,
      width: Number(root.getAttribute('width')),
    }
  }, text)
}

test.describe('embeds', () => {
  test('badges and sparklines validate as XML and render in Chromium', async ({
    page,
    experiences,
    snap,
  }) => {
    const top = experiences[0]!
    const paths = [
      ...(['flat', 'flat-square', 'plastic'] as const).flatMap((style) =>
        (['light', 'dark'] as const).map((theme) => embedBadgePath(top.place_id, { style, theme })),
      ),
      ...(['24h', '7d', '30d'] as const).flatMap((range) =>
        (['light', 'dark'] as const).map((theme) => embedSparklinePath(top.place_id, { range, theme })),
      ),
      embedSparklinePath(top.place_id, { stat: 'rating', range: '7d' }),
      embedSparklinePath(top.place_id, { stat: 'visits', range: '30d' }),
    ]
    await page.goto('/')
    for (const path of paths) {
      const res = await page.request.get(path)
      expect(res.status(), path).toBe(200)
      expect(res.headers()['content-type']).toBe('image/svg+xml; charset=utf-8')
      const parsed = await parseSvg(page, await res.text())
      expect(parsed.error, path).toBeNull()
      expect(parsed).toMatchObject({ root: 'svg', namespace: 'http://www.w3.org/2000/svg', role: 'img' })
      expect(parsed.title, path).toBe(parsed.label)
      expect(parsed.label, path).toContain(top.name)
    }
    // A name with markup and an emoji, escaped by the badge builder, reads back as the same text.
    const hostile = `Tom & Jerry's "<script>x</script>" 🎮`
    const built = await parseSvg(
      page,
      badgeSvg({ name: hostile, playersOnline: 1234, style: 'flat', theme: 'light' }),
    )
    expect(built.error).toBeNull()
    expect(built.title).toBe(`${hostile}: 1,234 players online now`)

    // Every image drawn as a README draws it: an <img> per address, on a light and a dark page.
    await page.setContent(
      `<main style="font-family:sans-serif">${paths
        .map(
          (path, i) =>
            `<div style="padding:8px;background:${path.includes('theme=dark') ? '#0d1117' : '#fff'}">` +
            `<img id="embed-${i}" src="${path}" alt=""></div>`,
        )
        .join(
          '',
        )}<div style="padding:8px"><img id="hostile" alt="" src="data:image/svg+xml;charset=utf-8,${encodeURIComponent(
        badgeSvg({ name: hostile, playersOnline: 1234, style: 'plastic', theme: 'dark' }),
      )}"></div></main>`,
    )
    const images = page.locator('img')
    await expect(images).toHaveCount(paths.length + 1)
    for (const img of await images.all()) {
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), {
          message: (await img.getAttribute('src'))?.slice(0, 80),
        })
        .toBeGreaterThan(0)
    }
    // Each is drawn at the width its document states (the text-driven width).
    const first = await page.request.get(paths[0]!)
    const stated = (await parseSvg(page, await first.text())).width
    expect(await page.locator('#embed-0').evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(
      Math.round(stated),
    )
    await snap('embed-gallery')
  })

  test('the Embed action shows a preview and the Markdown and HTML snippets to copy', async ({
    page,
    context,
    experiences,
    snap,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const top = experiences[0]!
    await page.goto(`/experiences/${top.place_id}`)
    await main(page).getByRole('button', { name: 'Actions' }).click()
    await page.getByRole('menuitem', { name: 'Embed' }).click()
    const dialog = page.getByRole('dialog', { name: 'Embed' })
    await expect(dialog).toBeVisible()
    const preview = dialog.getByTestId('embed-preview').locator('img')
    const badge = `${baseURL}/embed/${top.place_id}/badge.svg`
    await expect(preview).toHaveAttribute('src', badge)
    await expect.poll(() => preview.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0)
    const page_ = `${baseURL}/experiences/${top.place_id}`
    const alt = `${top.name}: players online now on Ludex`
    await expect(dialog.getByLabel('Markdown snippet')).toHaveText(`[![${alt}](${badge})](${page_})`)
    await expect(dialog.getByLabel('HTML snippet')).toContainText(`<img src="${badge}"`)

    // Another style and the dark theme change the address in the preview and in both snippets.
    await dialog.getByText('Plastic').click()
    await dialog.getByText('Dark').click()
    const dark = `${badge}?style=plastic&theme=dark`
    await expect(preview).toHaveAttribute('src', dark)
    await expect(dialog.getByLabel('Markdown snippet')).toContainText(dark)
    await expect(dialog.getByLabel('HTML snippet')).toContainText(dark.replaceAll('&', '&amp;'))

    // The sparkline, over 30 days.
    await dialog.getByText('Sparkline').click()
    await dialog.getByText('30d').click()
    const spark = `${baseURL}/embed/${top.place_id}/sparkline.svg?stat=ccus&range=30d&theme=dark`
    await expect(preview).toHaveAttribute('src', spark)
    await expect.poll(() => preview.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0)
    await expect(dialog.getByLabel('Markdown snippet')).toContainText(spark)
    await snap('embed-dialog', { fullPage: false })

    await dialog.getByRole('button', { name: 'Copy Markdown' }).click()
    await expect(page.getByText('The Markdown snippet has been copied to your clipboard.')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      await dialog.getByLabel('Markdown snippet').textContent(),
    )
    await dialog.getByRole('button', { name: 'Copy HTML' }).click()
    await expect(page.getByText('The HTML snippet has been copied to your clipboard.')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
      `<img src="${spark.replaceAll('&', '&amp;')}"`,
    )
  })
})
