// The development inbox at /_dev/mail: the caught messages, newest first, with their text and
// a link to the HTML version. Only mounted when the server runs its own mail catcher.
import { Hono } from 'hono'
import type { MailCatcher } from './catcher'

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export function inboxRoutes(catcher: MailCatcher) {
  const app = new Hono()
  app.get('/', (c) => {
    const mails = [...catcher.messages()].reverse()
    const items = mails
      .map(
        (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p><strong>To:</strong> ${escapeHtml(mail.to.join(', '))} · <strong>From:</strong> ${escapeHtml(mail.from)} · ${mail.receivedAt.toISOString()}</p>
  <pre>${escapeHtml(mail.text)}</pre>
  <p><a href="/_dev/mail/${mail.id}.html">HTML version</a></p>
</article>`,
      )
      .join('\n')
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development inbox</title>
<link rel="stylesheet" href="/_dev/mail/inbox.css"></head><body><main><h1>Development inbox (${mails.length})</h1>
${items || '<p>No messages yet.</p>'}</main></body></html>`)
  })
  app.get('/inbox.css', (c) =>
    c.body(
      'body{font:16px system-ui,sans-serif;margin:2rem;color:#14201b}article{border-top:1px solid #ccc;padding:1rem 0}pre{white-space:pre-wrap;background:#f3f7f5;padding:1rem}',
      200,
      { 'Content-Type': 'text/css; charset=utf-8' },
    ),
  )
  app.get('/messages.json', (c) => c.json(catcher.messages()))
  app.get('/:id{[0-9]+}.html', (c) => {
    const mail = catcher.messages().find((m) => m.id === Number(c.req.param('id')))
    if (!mail) return c.text('Not Found', 404)
    // The site's strict CSP stays on: the message's own scripts and inline styles never run.
    return c.html(mail.html || `<pre>${escapeHtml(mail.text)}</pre>`)
  })
  return app
}
