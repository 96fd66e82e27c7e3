// The development inbox at /_dev/mail: the caught messages, newest first, with their text and
// a link to the HTML version. Only mounted when the server runs its own mail catcher, and only
// answers the machine it runs on: its recovery and sign-in links open any account, so a server
// started on 0.0.0.0 must not hand them to the network.
import { Hono } from 'hono'
import { clientIp } from '../lib/client-ip'
import type { MailCatcher } from './catcher'
import { escapeHtml } from '../../functions/_shared/html.ts'

/** 127.0.0.0/8, ::1 and their IPv4-mapped form: requests from this computer. */
export function isLoopback(address: string): boolean {
  const v4 = address.replace(/^::ffff:/i, '')
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4)
}

const refusal = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development inbox</title></head>
<body><main><h1>Development inbox: this computer only</h1>
<p>The development inbox answers only requests from the computer the server runs on (the loopback
address), because the e-mails it shows contain links that sign in to any account. Open it in a
browser on that computer.</p></main></body></html>`

export function inboxRoutes(catcher: MailCatcher) {
  const app = new Hono()
  app.use('*', async (c, next) => {
    if (!isLoopback(clientIp(c))) return c.html(refusal, 403)
    await next()
  })
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
  // The whole "12.html" is one parameter: Hono's router does not match text after a parameter's
  // pattern within a segment (`/:id{[0-9]+}.html` answered every link 404).
  app.get('/:file{[0-9]+\\.html}', (c) => {
    const id = Number(c.req.param('file').slice(0, -'.html'.length))
    const mail = catcher.messages().find((m) => m.id === id)
    if (!mail) return c.text('Not Found', 404)
    // The site's strict CSP stays on: the message's own scripts and inline styles never run.
    return c.html(mail.html || `<pre>${escapeHtml(mail.text)}</pre>`)
  })
  return app
}
