// The page's icon, written into index.html (and so into every prerendered page) as a data: URL
// instead of a request for /favicon.svg. Chrome asks for the icon early in the page's load; when
// that request starts before the first paint, Lighthouse's simulation counts it on the way to the
// largest paint and adds a round trip (about 150 ms) to it, so the same page measured 750 or 900
// ms from run to run. public/favicon.svg stays the one source, and stays served (the JSON-LD logo).
import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'

const iconFile = new URL('../../public/favicon.svg', import.meta.url)

/** An SVG as a data: URL, percent-encoding only what a URL or an HTML attribute cannot hold. */
function svgDataUrl(svg: string): string {
  const text = svg.trim().replace(/\s+/g, ' ').replaceAll('"', "'")
  return `data:image/svg+xml,${text.replace(/[#%<>\n]/g, (c) => encodeURIComponent(c))}`
}

export function inlineFavicon(): Plugin {
  return {
    name: 'inline-favicon',
    apply: 'build',
    transformIndexHtml(html) {
      const link = 'href="/favicon.svg"'
      if (!html.includes(link)) throw new Error(`inline-favicon: index.html has no ${link}`)
      return html.replace(link, () => `href="${svgDataUrl(readFileSync(iconFile, 'utf8'))}"`)
    },
  }
}
