// Another sender of the outbox beside the test server's own: the send-notifications handler, built
// with the server's function settings and any overrides, calling the server in-process, as a
// second deployment of the function would (or the same one with a misbehaving transport).
import WebSocket from 'ws'
import { functionEnv, type FunctionEnv } from '../../../supabase/functions/_shared/runtime'
import {
  sendNotifications,
  type SendNotificationsOptions,
} from '../../../supabase/functions/send-notifications/handler'
import type { TestServer } from './server'

export interface Sender {
  /** One run; resolves with the number of e-mails it sent (and recorded as sent). */
  flush(): Promise<number>
}

/** What a function gets from the test server (its settings, with overrides), calling it in-process. */
export function functionEnvFor(server: TestServer, settings: Record<string, string> = {}): FunctionEnv {
  const variables = { ...server.deps.functionSettings, ...settings }
  return functionEnv((name) => variables[name], {
    fetch: async (input, init) => server.app.fetch(new Request(input, init)),
    webSocket: WebSocket,
  })
}

export function anotherSender(
  server: TestServer,
  settings: Record<string, string> = {},
  options: SendNotificationsOptions = {},
): Sender {
  const handler = sendNotifications(functionEnvFor(server, settings), options)
  return {
    async flush() {
      const response = await handler(
        new Request('http://functions.test/send-notifications', {
          method: 'POST',
          headers: { Authorization: `Bearer ${server.serviceRoleKey}` },
        }),
      )
      const body = (await response.json()) as { data?: { sent: number }; error?: { message: string } }
      if (!body.data) throw new Error(`send-notifications answered ${response.status}: ${body.error?.message}`)
      return body.data.sent
    },
  }
}
