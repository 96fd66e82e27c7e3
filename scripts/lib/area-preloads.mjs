// A returning visit to the portal or the admin area starts from index.html, whose entry imports
// the app, which imports the area's guard, which imports the auth service, which imports
// supabase-js…: lazy chunks found one import at a time, a dozen round trips before the page's data
// is even asked for (issue 24: a returning client's overview painted after 5 s on a throttled
// phone). This builds a small inline script for index.html that, for the area page being opened,
// adds <link rel="modulepreload"> for every chunk that page is known to need (from the build
// manifest), so they download side by side with the entry. Public and sign-in pages are
// prerendered from the template before this is added, so they never carry it.

/** Source modules every area page needs: the app, the route guard, the auth service, supabase-js. */
const common = [
  'src/app.tsx',
  'src/lib/auth/guards.ts',
  'src/lib/auth/service.ts',
  'src/lib/supabase.ts',
  'src/routes/{-$lang}/_app/route.tsx',
]

/** An unprefixed path pattern, and the route files (under src/routes/{-$lang}/_app/) of its page: first match wins. */
const pages = [
  ['^/client-portal/dashboard/?$', ['client-portal/dashboard/route.tsx', 'client-portal/dashboard/index.tsx']],
  [
    '^/client-portal/dashboard/projects/[^/]+/?$',
    ['client-portal/dashboard/route.tsx', 'client-portal/dashboard/projects/$projectId.tsx'],
  ],
  ['^/client-portal/dashboard(/|$)', ['client-portal/dashboard/route.tsx']],
  ['^/admin/dashboard/?$', ['admin/dashboard/route.tsx', 'admin/dashboard/index.tsx']],
  [
    '^/admin/dashboard/projects/[^/]+/?$',
    [
      'admin/dashboard/route.tsx',
      'admin/dashboard/projects/$projectId/route.tsx',
      'admin/dashboard/projects/$projectId/index.tsx',
    ],
  ],
  ['^/admin/dashboard/projects/[^/]+/', ['admin/dashboard/route.tsx', 'admin/dashboard/projects/$projectId/route.tsx']],
  ['^/admin/dashboard(/|$)', ['admin/dashboard/route.tsx']],
]

/** The router plugin splits a route file's page and loader into a chunk of their own. */
const pageChunk = (routeFile) => `${routeFile}?tsr-split=component---loader`

const adminProject = 'admin/dashboard/projects/$projectId/'

/**
 * An admin project's tabs after the overview, from the build's own list of route files: each tab
 * is a module of its own (decision 0044's amendment), so a tab opened directly preloads its own
 * sections beside the frame's, which no longer bring every tab's.
 */
function adminProjectTabPages(manifest) {
  const folder = `src/routes/{-$lang}/_app/${adminProject}`
  const suffix = pageChunk('.tsx')
  return Object.keys(manifest).flatMap((key) => {
    const tab = key.startsWith(folder) && key.endsWith(suffix) ? key.slice(folder.length, -suffix.length) : ''
    if (!/^[a-z-]+$/.test(tab) || tab === 'route' || tab === 'index') return []
    const routeFiles = ['admin/dashboard/route.tsx', `${adminProject}route.tsx`, `${adminProject}${tab}.tsx`]
    return [[`^/admin/dashboard/projects/[^/]+/${tab}/?$`, routeFiles]]
  })
}

/**
 * @param {Record<string, { file: string, imports?: string[] }>} manifest Vite's build manifest
 * @param {readonly string[]} locales the language prefixes a path may start with
 * @returns {string} the inline script's text
 */
export function areaPreloadScript(manifest, locales) {
  // index.html's own script tag names the entry; what the entry imports is only found once it has
  // arrived, so it is preloaded too (the framework first: it is needed first).
  const entryFile = manifest['index.html']?.file
  const closure = (key, into) => {
    const chunk = manifest[key]
    if (!chunk) throw new Error(`The build manifest has no chunk for ${key}`)
    if (into.has(chunk.file)) return
    into.add(chunk.file)
    for (const imported of chunk.imports ?? []) closure(imported, into)
  }
  const keyOf = (source) => (manifest[pageChunk(source)] ? pageChunk(source) : source)
  const files = []
  // The tabs' rules first: the last admin rule takes every other path below a project.
  const rules = [...adminProjectTabPages(manifest), ...pages].map(([pattern, routeFiles]) => {
    const needed = new Set()
    closure('index.html', needed)
    for (const source of [...common, ...routeFiles.map((file) => `src/routes/{-$lang}/_app/${file}`)])
      closure(keyOf(source), needed)
    const indexes = [...needed]
      .filter((file) => file !== entryFile)
      .map((file) => (files.includes(file) ? files.indexOf(file) : files.push(file) - 1))
    return [pattern, indexes]
  })
  const prefix = `^/(?:${locales.join('|')})(?=/|$)`
  return (
    `(function(){var f=${JSON.stringify(files)},r=${JSON.stringify(rules)},` +
    `p=location.pathname.replace(new RegExp(${JSON.stringify(prefix)}),'')||'/';` +
    `for(var i=0;i<r.length;i++)if(new RegExp(r[i][0]).test(p)){r[i][1].forEach(function(n){` +
    `var l=document.createElement('link');l.rel='modulepreload';l.href='/'+f[n];document.head.appendChild(l)});break}})()`
  )
}
