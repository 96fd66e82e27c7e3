// The mail catcher's HTTP e-mail API: what MAIL_TRANSPORT=http sends to, answered the way such an
// API answers. POST JSON {from, to, subject, html, text} with `Authorization: Bearer <key>`; a
// wrong key is a 401, a body that is not such an e-mail a 400, so tests see the transport's
// refusals too. Loopback only, and a development tool: bodies are capped at a size no e-mail of
// ours comes near.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { z } from 'zod'

const maxBodyBytes = 10 * 1024 * 1024
const path = '/emails'

const address = (value: string) => (/<([^<>]+)>\s*$/.exec(value)?.[1] ?? value).trim().toLowerCase()

const emailBody = z
  .object({
    from: z.string().min(1),
    to: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
    subject: z.string(),
    html: z.string().optional(),
    text: z.string().optional(),
  })
  .refine((mail) => mail.html !== undefined || mail.text !== undefined, 'html or text is required')

export interface ApiMail {
  to: string[]
  from: string
  subject: string
  text: string
  html: string
}

function answer(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
}

async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > maxBodyBytes) return undefined
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

export function emailApi(key: string, receive: (mail: ApiMail) => void) {
  const server = createServer((request, response) => {
    void (async () => {
      if (new URL(request.url ?? '/', 'http://catcher').pathname !== path)
        return answer(response, 404, { message: `Not found: the e-mail API is POST ${path}` })
      if (request.method !== 'POST') return answer(response, 405, { message: 'Use POST' })
      if (request.headers.authorization !== `Bearer ${key}`)
        return answer(response, 401, { message: 'Missing or wrong API key' })
      if (!/^application\/json\b/i.test(request.headers['content-type'] ?? ''))
        return answer(response, 415, { message: 'Send JSON' })
      const text = await readBody(request)
      if (text === undefined) return answer(response, 413, { message: `Larger than ${maxBodyBytes} bytes` })
      let json: unknown
      try {
        json = JSON.parse(text)
      } catch {
        return answer(response, 400, { message: 'The body is not JSON' })
      }
      const parsed = emailBody.safeParse(json)
      if (!parsed.success) return answer(response, 400, { message: parsed.error.issues[0]?.message ?? 'Not an e-mail' })
      const mail = parsed.data
      receive({
        to: (Array.isArray(mail.to) ? mail.to : [mail.to]).map(address),
        from: address(mail.from),
        subject: mail.subject,
        text: mail.text ?? '',
        html: mail.html ?? '',
      })
      answer(response, 200, { id: crypto.randomUUID() })
    })().catch(() => {
      // A body cut short: answer if nothing was answered yet.
      if (!response.headersSent) answer(response, 400, { message: 'The request could not be read' })
    })
  })
  return {
    listen: (port: number) =>
      new Promise<string>((resolve, reject) => {
        server.once('error', reject)
        server.listen(port, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`),
        )
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
