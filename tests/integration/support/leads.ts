// A visitor's message through the contact form, as supabase-js in the browser sends it: staff get a
// notification e-mailed at once, the visitor an acknowledgement. Each from its own client address
// (the form's limit counts per address).
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import type { TestServer } from './server'

let addressCounter = 0

export async function submitLead(server: TestServer, lead: { name: string; email: string; locale?: 'es' | 'en' }) {
  const visitor = createClient(server.url, server.anonKey, {
    global: {
      fetch: async (input, init) => server.app.fetch(new Request(input, init)),
      headers: { 'X-Forwarded-For': `198.51.100.${(++addressCounter % 250) + 1}` },
    },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  })
  const { error } = await visitor.from('contact_messages').insert({
    name: lead.name,
    email: lead.email,
    message: 'Quisiera una propuesta.',
    privacy_accepted: true,
    locale: lead.locale ?? 'es',
  })
  if (error) throw new Error(`the contact form refused the lead: ${error.message}`)
}
