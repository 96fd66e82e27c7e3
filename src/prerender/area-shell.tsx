// The portal's and the admin area's frame as HTML (decision 0049): what the server and the static
// host send for every page below /client-portal/dashboard and /admin/dashboard, so a returning
// visit paints the area's bar, the navigation's place and skeletons in the reader's language
// before any script runs. It is the router's own pending screen (app-shell-pending.tsx) rendered
// at build time, the same for everyone: nothing personal, and no decision about access (the
// app's guard still sends a signed-out visitor to sign in once the scripts run). The app then
// renders over it from scratch (it is not hydrated: the guard decides what comes next).
import { renderToString } from 'react-dom/server'
import { I18nProvider } from '@lingui/react'
import { activateLocale, i18n } from '../lib/i18n'
import type { Locale } from '../lib/locale'
import { msg } from '@lingui/core/macro'
import { AppShellPending, ClientShellPending, StaffShellPending } from '../components/app-shell/app-shell-pending'
import { replacedHeadAttribute } from '../lib/html-document'
import { siteConfig } from '../config/site'
import { areaShellAttribute, areaShells, type AreaShell } from './area-shell-files'
import { escapeHtml } from '@functions/_shared/html'

const pending: Record<AreaShell, () => ReturnType<typeof AppShellPending>> = {
  client: ClientShellPending,
  staff: StaffShellPending,
}

/** The area's frame in `locale`, as markup for #app. */
export async function renderAreaShell(area: AreaShell, locale: Locale): Promise<string> {
  await activateLocale(locale)
  const Pending = pending[area]
  return renderToString(
    <I18nProvider i18n={i18n}>
      <Pending />
    </I18nProvider>,
  )
}

const areaNames = { client: msg`Client portal`, staff: msg`Admin` }

/**
 * index.html (as built, with its entry and preloads) showing the area's frame in `locale`, titled
 * with the area's name until the page's own title replaces it (start-app.tsx removes the tags
 * marked as replaced before the app's first render).
 */
export async function areaShellDocument(template: string, area: AreaShell, locale: Locale): Promise<string> {
  const markup = await renderAreaShell(area, locale)
  const title = `${i18n._(areaNames[area])} · ${siteConfig.name}`
  const head = [
    `<title ${replacedHeadAttribute}>${escapeHtml(title)}</title>`,
    `<meta ${replacedHeadAttribute} name="robots" content="noindex" />`,
  ]
  // Without JavaScript the frame would say "Loading…" for ever: index.html's notice that the site
  // needs it goes above the frame, where it is seen.
  const noscript = /\s*(<noscript>[\s\S]*?<\/noscript>)/.exec(template)?.[1] ?? ''
  const html = template
    .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
    .replace('</head>', () => `  ${head.join('\n    ')}\n  </head>`)
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace('<div id="app"></div>', () => `${noscript}<div id="app" ${areaShellAttribute}="${area}">${markup}</div>`)
  if (!html.includes(areaShellAttribute)) throw new Error('index.html has no empty <div id="app"></div>')
  return html
}

export { areaShells }
