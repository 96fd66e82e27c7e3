// A hook call as Supabase Auth makes one over HTTP: a POST of JSON signed as Standard Webhooks
// (webhook-id, webhook-timestamp, webhook-signature) with the first of the hook's secrets.
import { randomUUID } from 'node:crypto'
import { Webhook } from 'standardwebhooks'

export function signedHookRequest(uri: string, secrets: string, body: string): Request {
  const signer = new Webhook(secrets.split('|')[0]!.slice('v1,'.length))
  const id = randomUUID()
  const now = new Date()
  return new Request(uri, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signer.sign(id, now, body),
    },
    body,
  })
}
