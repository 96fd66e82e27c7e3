// The contact form's table, driven as the browser drives it (supabase-js with the anon key, one
// address per client through X-Forwarded-For; test servers trust the proxy): visitors may insert
// and nothing else, every named constraint refuses its bad values by name, one address may send
// five messages an hour and no more (whatever x-real-ip it claims), and each stored message tells
// every active staff member exactly once, in the app and by e-mail. Addresses stored under the
// first, looser address rule are kept by the migration that brought the current one.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { describeEachDatabase, useTestServer } from '../support/server'
import { users } from '../rls/seed-ids'
import { demoPassword } from '../../../supabase/server/welcome'

interface ContactInsert {
  name: string
  email: string
  company?: string | null
  phone?: string | null
  interest?: string | null
  message: string
  privacy_accepted: boolean
  marketing_opt_in?: boolean
  locale?: string
}

/** A valid message; `tag` makes it findable. */
function message(tag: string, overrides: Partial<ContactInsert> = {}): ContactInsert {
  return {
    name: `Ana Pérez ${tag}`,
    email: 'ana.perez@example.org',
    company: 'Conservas Pérez',
    phone: '+34 (600) 123-456',
    interest: 'governance',
    message: `Queremos ordenar los datos de clientes. ${tag}`,
    privacy_accepted: true,
    marketing_opt_in: false,
    locale: 'es',
    ...overrides,
  }
}

let addressCounter = 0
/** A documentation address (RFC 5737) no other test in this file uses. */
const freshAddress = () => `198.51.100.${++addressCounter}`

describeEachDatabase('contact_messages on %s', (kind) => {
  const server = useTestServer(kind)

  /** A browser-like anon client whose requests come from `address` (through the trusted proxy). */
  function visitor(address: string, extraHeaders: Record<string, string> = {}): SupabaseClient {
    return createClient(server.url, server.anonKey, {
      global: {
        fetch: async (input, init) => server.app.fetch(new Request(input, init)),
        headers: { 'X-Forwarded-For': address, ...extraHeaders },
      },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    })
  }

  const rowsTagged = async (tag: string) =>
    (
      await server.deps.db.query<{ id: string; name: string; sender_fingerprint: string | null; status: string }>(
        'select id, name, sender_fingerprint, status from public.contact_messages where message like $1 order by created_at',
        [`%${tag}%`],
      )
    ).rows

  describe('visitors may only insert', () => {
    it('stores a message sent with insert (no select), with the default status and locale given', async () => {
      const tag = randomUUID()
      const { error, status, data } = await visitor(freshAddress())
        .from('contact_messages')
        .insert(message(tag, { locale: 'en' }))
      expect(error).toBeNull()
      expect(status).toBe(201)
      expect(data).toBeNull()
      const { rows } = await server.deps.db.query(
        'select status, locale, handled_by, privacy_accepted from public.contact_messages where message like $1',
        [`%${tag}%`],
      )
      expect(rows).toEqual([{ status: 'new', locale: 'en', handled_by: null, privacy_accepted: true }])
    })

    it('cannot read the message back, nor any other', async () => {
      const client = visitor(freshAddress())
      const returning = await client.from('contact_messages').insert(message(randomUUID())).select('id')
      expect(returning.error?.code).toBe('42501')
      const read = await client.from('contact_messages').select('id, email')
      expect(read.error?.code).toBe('42501')
      expect(read.data).toBeNull()
    })

    it('cannot update or delete messages', async () => {
      const client = visitor(freshAddress())
      const update = await client
        .from('contact_messages')
        .update({ status: 'lost', lost_reason: 'x' })
        .neq('status', 'x')
      expect(update.error?.code).toBe('42501')
      const remove = await client.from('contact_messages').delete().neq('status', 'x')
      expect(remove.error?.code).toBe('42501')
      const { rows } = await server.deps.db.query<{ n: number }>(
        `select count(*)::int as n from public.contact_messages where status = 'lost'`,
      )
      expect(rows[0]!.n).toBe(1) // the seed's one lost lead, untouched
    })

    it("cannot set the server's columns: status, handler, fingerprint", async () => {
      const client = visitor(freshAddress())
      for (const extra of [
        { status: 'lost' },
        { handled_by: users.admin },
        { sender_fingerprint: 'forged' },
        { assignee_id: users.admin },
        { organization_id: null },
      ]) {
        const { error } = await client.from('contact_messages').insert({ ...message(randomUUID()), ...extra })
        expect(error?.code, JSON.stringify(extra)).toBe('42501')
      }
    })

    it('lets a signed-in client send a message too, and still read none', async () => {
      const client = visitor(freshAddress())
      const signIn = await client.auth.signInWithPassword({ email: 'lucia.martin@example.com', password: demoPassword })
      expect(signIn.error).toBeNull()
      const tag = randomUUID()
      expect((await client.from('contact_messages').insert(message(tag))).error).toBeNull()
      const read = await client.from('contact_messages').select('id')
      expect(read.error).toBeNull()
      expect(read.data).toEqual([])
      expect(await rowsTagged(tag)).toHaveLength(1)
    })
  })

  describe('constraints refuse bad values by name', () => {
    const cases: [string, Partial<ContactInsert>][] = [
      ['contact_messages_name_length', { name: '' }],
      ['contact_messages_name_length', { name: '   ' }],
      ['contact_messages_name_length', { name: 'n'.repeat(121) }],
      ['contact_messages_name_not_blank', { name: '\n\n' }],
      ['contact_messages_email_format', { email: 'ana.perez@example' }],
      ['contact_messages_email_format', { email: 'ana perez@example.org' }],
      // A link's syntax in an address (security issue 6): a hidden Bcc and subject, a fragment, a display name.
      ['contact_messages_email_format', { email: 'mallory@evil.example?bcc=spy%40attacker.example&subject=hi' }],
      ['contact_messages_email_format', { email: 'mallory@evil.example#x' }],
      ['contact_messages_email_format', { email: 'Mallory <mallory@evil.example>' }],
      ['contact_messages_email_length', { email: `${'a'.repeat(243)}@example.org` }],
      ['contact_messages_company_length', { company: 'c'.repeat(161) }],
      ['contact_messages_phone_length', { phone: '1'.repeat(41) }],
      ['contact_messages_phone_format', { phone: '600 123 456 ext. 7' }],
      ['contact_messages_interest_check', { interest: 'astrology' }],
      ['contact_messages_message_length', { message: '  ' }],
      ['contact_messages_message_not_blank', { message: ' \n\t ' }],
      ['contact_messages_message_length', { message: 'm'.repeat(5001) }],
      ['contact_messages_privacy_accepted', { privacy_accepted: false }],
      ['contact_messages_locale_check', { locale: 'fr' }],
    ]

    it.each(cases)('%s refuses %j', async (constraint, bad) => {
      const tag = randomUUID()
      const { error, status } = await visitor(freshAddress()).from('contact_messages').insert(message(tag, bad))
      expect(status).toBe(400)
      expect(error?.code).toBe('23514')
      expect(error?.message).toContain(`"${constraint}"`)
      expect(await rowsTagged(tag)).toEqual([])
    })

    it('accepts the limits themselves and empty optional fields', async () => {
      const client = visitor(freshAddress())
      const atLimits = message('x', {
        name: 'n'.repeat(120),
        email: `${'a'.repeat(242)}@example.org`,
        company: 'c'.repeat(160),
        phone: '+'.padEnd(40, '0'),
        interest: 'other',
        message: `${'m'.repeat(4990)}${randomUUID().slice(0, 10)}`,
      })
      expect(atLimits.email).toHaveLength(254)
      expect((await client.from('contact_messages').insert(atLimits)).error).toBeNull()
      const minimal = { name: 'Jo', email: 'jo@example.org', message: 'Hola', privacy_accepted: true }
      expect((await client.from('contact_messages').insert(minimal)).error).toBeNull()
    })
  })

  describe('addresses stored before the address rule', () => {
    const oldRule = String.raw`^[^@\s]+@[^@\s]+\.[^@\s.]+$`
    const migration = readFileSync(
      join(process.cwd(), 'supabase/migrations/20261129120000_contact_email_address.sql'),
      'utf8',
    )

    it('are kept by the migration, the address moved into the message, and the rule then holds for every row', async () => {
      const hostile = 'mallory@evil.example?bcc=spy%40attacker.example&subject=hi'
      const rollback = new Error('rollback')
      let after: Record<string, unknown>[] = []
      let validated: unknown
      let acknowledged: unknown
      const attempt = server.deps.db.transaction(async (tx) => {
        // The table as it was before the migration, holding what the first rule let through.
        await tx.exec(`alter table public.contact_messages drop constraint contact_messages_email_format,
          add constraint contact_messages_email_format check (email ~ '${oldRule}')`)
        const { rows } = await tx.query<{ id: string }>(
          `insert into public.contact_messages (name, email, message, privacy_accepted, locale)
           values ('Mallory', $1, 'Hola', true, 'en'), ('Mallory', 'josé@example.org', $2, true, 'es'),
                  ('Ana', 'ana@example.org', 'Bien', true, 'es')
           returning id`,
          [hostile, 'm'.repeat(5000)],
        )
        await tx.exec(migration)
        after = (
          await tx.query(
            'select email, message from public.contact_messages where id = any($1::uuid[]) order by name, locale desc',
            [rows.map((row) => row.id)],
          )
        ).rows
        validated = (
          await tx.query(`select convalidated from pg_constraint where conname = 'contact_messages_email_format'`)
        ).rows[0]?.convalidated
        acknowledged = (
          await tx.query<{ n: number }>(
            'select count(*)::int as n from private.contact_acknowledgements where contact_message_id = any($1::uuid[])',
            [rows.slice(0, 2).map((row) => row.id)],
          )
        ).rows[0]?.n
        throw rollback
      })
      await expect(attempt).rejects.toBe(rollback)

      expect(validated).toBe(true)
      expect(acknowledged).toBe(2) // nothing is ever sent to the placeholder
      const [ana, mallorySpanish, malloryEnglish] = after as { email: string; message: string }[]
      expect(ana).toEqual({ email: 'ana@example.org', message: 'Bien' })
      expect(malloryEnglish).toEqual({
        email: 'address-not-valid@example.invalid',
        message: `Hola\n\nE-mail address as sent (not a valid address): ${hostile}`,
      })
      expect(mallorySpanish!.email).toBe('address-not-valid@example.invalid')
      expect(mallorySpanish!.message).toMatch(
        /^m+\n\nDirección de correo tal como se envió \(no es válida\): josé@example\.org$/,
      )
      expect([...mallorySpanish!.message]).toHaveLength(5000)
    })
  })

  describe('rate limit per address', () => {
    async function sendFrom(client: SupabaseClient, tag: string) {
      return client.from('contact_messages').insert(message(tag))
    }

    it('refuses the 6th message from one address within the hour, with 429 PT429, and accepts another address', async () => {
      const address = freshAddress()
      const tag = randomUUID()
      const client = visitor(address)
      for (let i = 0; i < 5; i++) expect((await sendFrom(client, `${tag}-${i}`)).error, `message ${i + 1}`).toBeNull()

      const sixth = await sendFrom(client, `${tag}-6`)
      expect(sixth.status).toBe(429)
      expect(sixth.error?.code).toBe('PT429')
      expect(sixth.error?.hint).toBe('contact_messages_rate_limit')
      expect(await rowsTagged(`${tag}-6`)).toEqual([])

      expect((await sendFrom(visitor(freshAddress()), `${tag}-other`)).error).toBeNull()
    })

    it('stores a salted hash of the address, the same for one sender, never the address', async () => {
      const address = freshAddress()
      const tag = randomUUID()
      const client = visitor(address)
      await sendFrom(client, `${tag}-a`)
      await sendFrom(client, `${tag}-b`)
      await sendFrom(visitor(freshAddress()), `${tag}-c`)
      const [a, b, c] = await rowsTagged(tag)
      expect(a!.sender_fingerprint).toMatch(/^[0-9a-f]{64}$/)
      expect(b!.sender_fingerprint).toBe(a!.sender_fingerprint)
      expect(c!.sender_fingerprint).not.toBe(a!.sender_fingerprint)
      const { rows } = await server.deps.db.query<{ n: number }>(
        `select count(*)::int as n from public.contact_messages where sender_fingerprint like '%' || $1 || '%'
            or encode(sha256(convert_to($1, 'UTF8')), 'hex') = sender_fingerprint`,
        [address],
      )
      expect(rows[0]!.n).toBe(0)
    })

    it('cannot be bypassed with a client-supplied x-real-ip or extra X-Forwarded-For hops', async () => {
      const address = freshAddress()
      const tag = randomUUID()
      for (let i = 0; i < 5; i++) expect((await sendFrom(visitor(address), `${tag}-${i}`)).error).toBeNull()
      const spoofedRealIp = await sendFrom(visitor(address, { 'x-real-ip': '192.0.2.200' }), `${tag}-real-ip`)
      expect(spoofedRealIp.error?.code).toBe('PT429')
      // The trusted proxy appends the real address last; a hop the client wrote itself comes first.
      const spoofedHop = await sendFrom(visitor(`192.0.2.201, ${address}`), `${tag}-hop`)
      expect(spoofedHop.error?.code).toBe('PT429')
      expect(await rowsTagged(tag)).toHaveLength(5)
    })

    it('also holds for raw requests, and does not limit the service role', async () => {
      const address = freshAddress()
      const tag = randomUUID()
      const post = (headers: Record<string, string>) =>
        server.request('/rest/v1/contact_messages', {
          method: 'POST',
          headers: { 'content-type': 'application/json', prefer: 'return=minimal', ...headers },
          body: JSON.stringify(message(tag)),
        })
      const anon = { apikey: server.anonKey, 'x-forwarded-for': address }
      for (let i = 0; i < 5; i++) expect((await post(anon)).status).toBe(201)
      const refused = await post(anon)
      expect(refused.status).toBe(429)
      expect(await refused.json()).toMatchObject({ code: 'PT429', hint: 'contact_messages_rate_limit' })

      const service = { apikey: server.serviceRoleKey, authorization: `Bearer ${server.serviceRoleKey}` }
      expect((await post({ ...service, 'x-forwarded-for': address })).status).toBe(201)
      expect(await rowsTagged(tag)).toHaveLength(6)
    })

    it('counts only the last hour', async () => {
      const address = freshAddress()
      const tag = randomUUID()
      const client = visitor(address)
      for (let i = 0; i < 5; i++) expect((await sendFrom(client, `${tag}-${i}`)).error).toBeNull()
      await server.deps.db.query(
        `update public.contact_messages set created_at = now() - interval '61 minutes' where message like $1`,
        [`%${tag}%`],
      )
      expect((await sendFrom(client, `${tag}-later`)).error).toBeNull()
    })
  })

  describe('notifications', () => {
    const staffAddresses = ['admin@caucedata.com', 'superadmin@caucedata.com']

    async function notificationsAbout(id: string) {
      const { rows } = await server.deps.db.query<{ recipient_id: string; kind: string; n: number }>(
        `select recipient_id, kind, count(*)::int as n from public.notifications
          where entity_type = 'contact_message' and entity_id = $1 group by 1, 2 order by 1`,
        [id],
      )
      return rows
    }

    it('tells each active staff member exactly once, in the app and by e-mail', async () => {
      const tag = randomUUID()
      expect((await visitor(freshAddress()).from('contact_messages').insert(message(tag))).error).toBeNull()
      const [row] = await rowsTagged(tag)
      expect(await notificationsAbout(row!.id)).toEqual(
        [
          { recipient_id: users.admin, kind: 'contact_message', n: 1 },
          { recipient_id: users.superAdmin, kind: 'contact_message', n: 1 },
        ].sort((a, b) => a.recipient_id.localeCompare(b.recipient_id)),
      )

      const catcher = server.deps.catcher!
      await server.notificationMails.flush()
      await Promise.all(staffAddresses.map((to) => catcher.waitFor(to, (mail) => mail.text.includes(tag))))
      for (const to of staffAddresses) {
        expect(
          catcher.messages().filter((mail) => mail.to.includes(to) && mail.text.includes(tag)),
          to,
        ).toHaveLength(1)
      }

      // Staff handling the lead does not notify again, and nothing is e-mailed twice.
      await server.deps.db.query(`update public.contact_messages set status = 'contacted' where id = $1`, [row!.id])
      expect((await notificationsAbout(row!.id)).map((r) => r.n)).toEqual([1, 1])
      expect(await server.notificationMails.flush()).toBe(0)
      expect(catcher.messages().filter((mail) => mail.text.includes(tag))).toHaveLength(2)
    })

    it('tells the sender once that the message arrived, in the language of the page, repeating nothing they typed', async () => {
      const catcher = server.deps.catcher!
      const senders = (['es', 'en'] as const).map((locale) => ({
        locale,
        email: `sender-${locale}-${randomUUID().slice(0, 8)}@example.org`,
        tag: randomUUID(),
      }))
      for (const { locale, email, tag } of senders) {
        const { error } = await visitor(freshAddress()).from('contact_messages').insert(message(tag, { email, locale }))
        expect(error).toBeNull()
      }
      // Staff's own imports (no sender fingerprint) get no acknowledgement.
      const imported = `imported-${randomUUID().slice(0, 8)}@example.org`
      await server.deps.db.query(
        `insert into public.contact_messages (name, email, message, privacy_accepted) values ('Importado', $1, 'Desde el CRM', true)`,
        [imported],
      )
      await server.notificationMails.flush()
      const spanish = await catcher.waitFor(senders[0]!.email, () => true)
      const english = await catcher.waitFor(senders[1]!.email, () => true)
      expect(spanish.subject).toBe('Hemos recibido su mensaje')
      expect(spanish.text).toContain('un consultor le responderá en un día laborable')
      expect(english.subject).toBe('We have received your message')
      expect(english.text).toContain('a consultant will reply within one business day')
      for (const [mail, sender] of [
        [spanish, senders[0]!],
        [english, senders[1]!],
      ] as const) {
        expect(mail.text).not.toContain(sender.tag)
        expect(mail.text).not.toContain('Ana Pérez')
      }
      // Once only, and none for the import.
      await server.notificationMails.flush()
      for (const { email } of senders)
        expect(catcher.messages().filter((mail) => mail.to.includes(email))).toHaveLength(1)
      expect(catcher.messages().filter((mail) => mail.to.includes(imported))).toHaveLength(0)
    })

    it('writes nothing for a refused message', async () => {
      const count = async () =>
        (
          await server.deps.db.query<{ n: number }>(
            `select count(*)::int as n from public.notifications where kind = 'contact_message'`,
          )
        ).rows[0]!.n
      const before = await count()
      const client = visitor(freshAddress())
      await client.from('contact_messages').insert(message(randomUUID(), { privacy_accepted: false }))
      await client.from('contact_messages').insert(message(randomUUID(), { email: 'nope' }))
      expect(await count()).toBe(before)
    })
  })
})
