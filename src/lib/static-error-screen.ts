// The error screen without React: when the app's code cannot load or start (a failed download,
// no catalog), main.tsx shows the screen every page carries, prerendered in its language, in a
// <template> (see src/prerender/entry-server.tsx); so does a prerendered sign-in page, whose form needs the
// app. A prerendered public page is left as it is instead: it is readable and its links work
// without the app.
export const errorTemplateId = 'app-error-screen'

/**
 * Self-contained (it names nothing outside itself once `templateId` is given): a prerendered sign-in
 * page's inline script carries its source (src/prerender/page-bootstrap.ts).
 */
export function showStaticErrorScreen(root: HTMLElement, templateId: string = errorTemplateId): boolean {
  const template = document.getElementById(templateId)
  if (!(template instanceof HTMLTemplateElement)) return false
  root.replaceChildren(template.content.cloneNode(true))
  root.querySelector('[data-action="reload"]')?.addEventListener('click', () => window.location.reload())
  const heading = root.querySelector('h1')
  // The app never ran, so nothing has titled the page yet.
  if (heading?.textContent && !document.title) document.title = heading.textContent
  heading?.focus()
  return true
}
