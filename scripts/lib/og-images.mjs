// The share image of every public page in each language (1200×630 PNG, og:image), made at build
// time from the page's own title and description as the prerenderer wrote them: one branded
// layout (satori lays it out with the Inter font, resvg rasterises it), no image drawn by hand.
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import satori from 'satori'
import { Resvg } from '@resvg/resvg-js'

const require = createRequire(import.meta.url)
const fontFile = (weight) => require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)

const brand = { accent: '#0a6e4c', accentSoft: '#e3f3ec', ink: '#10231c', muted: '#3d5249' }

const entities = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" }
const unescape = (text) => text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name) => entities[name])

function metaContent(html, property) {
  const match = new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)
  if (!match) throw new Error(`No ${property} in a prerendered page`)
  return unescape(match[1])
}

const box = (style, children) => ({ type: 'div', props: { style: { display: 'flex', ...style }, children } })

function layout({ title, description, siteName, url }) {
  const bars = [12, 18, 25].map((height, index) =>
    box({ width: 26, height: height * 4, background: brand.accent, opacity: 0.55 + index * 0.22, borderRadius: 6 }),
  )
  return box(
    {
      width: 1200,
      height: 630,
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '56px 72px 64px',
      background: '#ffffff',
      borderTop: `18px solid ${brand.accent}`,
      boxSizing: 'border-box',
      fontFamily: 'Inter',
    },
    [
      box({ alignItems: 'flex-end', gap: 12 }, [
        ...bars,
        box({ marginLeft: 20, fontSize: 40, fontWeight: 700, color: brand.ink }, siteName),
      ]),
      box({ flexDirection: 'column', gap: 24 }, [
        box(
          { width: 1056, fontSize: title.length > 60 ? 56 : 68, fontWeight: 700, color: brand.ink, lineHeight: 1.1 },
          title,
        ),
        box(
          { fontSize: 30, color: brand.muted, lineHeight: 1.35 },
          description.length > 170 ? `${description.slice(0, 167)}…` : description,
        ),
      ]),
      box(
        {
          fontSize: 26,
          fontWeight: 700,
          color: brand.accent,
          background: brand.accentSoft,
          padding: '10px 20px',
          borderRadius: 999,
          alignSelf: 'flex-start',
        },
        url,
      ),
    ],
  )
}

/**
 * `pages`: the prerendered files of the prefixed pages, each with the share image path its
 * <head> names. Titles and descriptions are read back from those files.
 */
export async function writeOgImages({ dist, pages, siteName, siteHost }) {
  const fonts = [
    { name: 'Inter', data: await readFile(fontFile(400)), weight: 400, style: 'normal' },
    { name: 'Inter', data: await readFile(fontFile(700)), weight: 700, style: 'normal' },
  ]
  for (const { html, image } of pages) {
    const fullTitle = metaContent(html, 'og:title')
    const title = fullTitle.replace(new RegExp(` · ${siteName}$`), '')
    const description = metaContent(html, 'og:description')
    const svg = await satori(layout({ title, description, siteName, url: siteHost }), {
      width: 1200,
      height: 630,
      fonts,
    })
    const png = new Resvg(svg, { fitTo: { mode: 'width', value: 1200 } }).render().asPng()
    const file = join(dist, image)
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, png)
  }
  return pages.length
}
