// The hostile-input catalogue: requests a client could send to hurt the service or other tenants
// (deep nesting, oversized or endless bodies, malformed syntax, forged credentials). Each one must
// get a 4xx with a message that says what was wrong, change nothing in the database, and leave the
// server answering another organization's client while it is refused. On PGlite and PostgreSQL.
// Oversized bodies over a real connection, where the refusal must reach the client before the
// connection closes, are in refused-bodies.test.ts beside this file.
import { beforeAll, expect, it } from 'vitest'
import { describeEachDatabase, useTestServer } from './support/server'
import { organizations, projects, users } from './rls/seed-ids'
import { demoPassword } from '../../supabase/server/welcome'

interface Case {
  name: string
  /** Path under the server's origin, with the query string. */
  path: string
  method?: string
  headers?: Record<string, string>
  /** A string, or a body of `size` bytes streamed in chunks with no Content-Length. */
  body?: string | { streamed: number; fill?: string }
  /** Sign the request as the attacker (Lucía, Almacenes Ribera); otherwise the anon key. */
  signedIn?: boolean
  /** Send no apikey and no Authorization at all. */
  noCredentials?: boolean
  /**
   * Send a signed link's token as the bearer: one the server issues for a Ribera document signed
   * by Lucía (`link`), or one of the shape links had before they got a key of their own, signed
   * with the access-token key by the service role (`legacyLink`).
   */
  linkAsBearer?: 'link' | 'legacyLink' | 'uploadLink'

  status: number
  /** What the error message (message, msg, error.message or details) must say. */
  says: RegExp
}

const deep = (open: string, close: string, levels: number, inner = '') =>
  open.repeat(levels) + inner + close.repeat(levels)
/** `a(b(c(…)))` embeds `levels` deep, alternating two related tables. */
const deepEmbed = (levels: number) => {
  let select = 'id'
  for (let i = 0; i < levels; i++) select = `${i % 2 === 0 ? 'documents' : 'projects'}(${select})`
  return `id,${select}`
}
const manyEmbeds = (count: number) =>
  ['id', ...Array.from({ length: count }, (_, i) => `e${i}:documents(id)`)].join(',')
/** The value of an `or=`/`and=` parameter whose tree nests `levels` deep (the parameter's own is 1). */
const deepLogic = (op: 'or' | 'and', levels: number) =>
  deep(`${op}(name.eq.x,`, ')', levels, 'name.eq.y').replace(/^(or|and)/, '')
const jsonPath = (steps: number) => `metadata${'->a'.repeat(steps)}`
const mib = 1024 * 1024
const missingProject = '1f000000-0000-4000-8000-00000000dead'
const documentRow = (project: string, storagePath: string) => ({
  project_id: project,
  name: 'Mine now',
  storage_path: storagePath,
  mime_type: 'application/pdf',
  visible_to_client: true,
})

/** A file staff stored in the attacker's organization's folder and did not share with the client. */
const hiddenStaffFile = `${organizations.ribera}/${projects.riberaDashboard}/notas-internas-modelado.pdf`

const signedIn = { signedIn: true } as const
/** A read whose query string is refused: 400 saying `says`. */
const refusedQuery = (name: string, path: string, says: RegExp, extra: Partial<Case> = {}): Case => ({
  name,
  path,
  status: 400,
  says,
  ...extra,
})
/** A request with a body (a POST unless `extra` names the method), refused with `status` saying `says`. */
const sent = (
  name: string,
  path: string,
  body: Case['body'],
  status: number,
  says: RegExp,
  extra: Partial<Case> = {},
): Case => ({ name, path, method: 'POST', body, status, says, ...extra })
/** A JSON body nested past API_MAX_JSON_DEPTH. */
const nestedTooDeep = (name: string, path: string, body: string, extra: Partial<Case> = {}) =>
  sent(name, path, body, 400, /nested more than 64 levels/, extra)
/** A body past REST_/AUTH_/FUNCTIONS_MAX_BODY_BYTES. */
const tooLarge = (name: string, path: string, body: Case['body'], extra: Partial<Case> = {}) =>
  sent(name, path, body, 413, /Request body too large/, extra)
/** A document row the attacker (signed in) may not write. */
const documentClaim = (name: string, project: string, storagePath: string, says: RegExp) =>
  sent(name, '/rest/v1/documents', JSON.stringify(documentRow(project, storagePath)), 403, says, signedIn)
/** An upload, signed in, to a path the attacker may not write. */
const refusedUpload = (name: string, objectPath: string, headers: Record<string, string>) =>
  sent(
    name,
    `/storage/v1/object/documents/${objectPath}`,
    '%PDF-1.4 mine',
    400,
    /new row violates row-level security policy/,
    {
      ...signedIn,
      headers: { 'Content-Type': 'application/pdf', ...headers },
    },
  )

const cases: Case[] = [
  // Nesting in the query string (REST_MAX_EMBED_DEPTH, REST_MAX_EMBEDS, REST_MAX_FILTER_DEPTH).
  refusedQuery(
    'embeds one level past the depth limit',
    `/rest/v1/projects?select=${deepEmbed(9)}`,
    /depth of embedded resources.*limit of 8/,
  ),
  refusedQuery(
    'embeds 3,000 levels deep',
    `/rest/v1/projects?select=${deepEmbed(3000)}`,
    /depth of embedded resources/,
  ),
  refusedQuery(
    'embeds 20,000 levels deep, signed in',
    `/rest/v1/projects?select=${deepEmbed(20000)}`,
    /depth of embedded resources/,
    signedIn,
  ),
  refusedQuery(
    '41 embeds side by side',
    `/rest/v1/projects?select=${manyEmbeds(41)}`,
    /number of embedded resources.*limit of 40/,
  ),
  refusedQuery(
    '400 embeds side by side',
    `/rest/v1/projects?select=${manyEmbeds(400)}`,
    /number of embedded resources/,
    signedIn,
  ),
  refusedQuery(
    'spread embeds 5,000 deep',
    `/rest/v1/documents?select=id,${deep('...projects(', ')', 5000, 'id')}`,
    /depth of embedded resources/,
  ),
  refusedQuery(
    'or= nested 17 levels',
    `/rest/v1/projects?or=${deepLogic('or', 17)}`,
    /nesting of and\/or.*limit of 16/,
  ),
  refusedQuery(
    'or= nested 5,000 levels',
    `/rest/v1/projects?or=${deepLogic('or', 5000)}`,
    /nesting of and\/or/,
    signedIn,
  ),
  refusedQuery('and= nested 5,000 levels', `/rest/v1/projects?and=${deepLogic('and', 5000)}`, /nesting of and\/or/),
  refusedQuery(
    'not.or= nested 5,000 levels',
    `/rest/v1/projects?not.or=${deepLogic('or', 5000)}`,
    /nesting of and\/or/,
  ),
  refusedQuery(
    'an embedded or= nested 5,000 levels',
    `/rest/v1/projects?select=id,documents(id)&documents.or=${deepLogic('or', 5000)}`,
    /nesting of and\/or/,
    signedIn,
  ),
  refusedQuery(
    'alternating and/or 5,000 levels',
    `/rest/v1/projects?or=(${'and(name.eq.a,or(name.eq.b,'.repeat(2500)}name.eq.c${'))'.repeat(2500)})`,
    /nesting of and\/or/,
  ),
  refusedQuery(
    'a JSON path of 17 steps in select',
    `/rest/v1/documents?select=${jsonPath(17)}`,
    /JSON path.*limit of 16/,
  ),
  refusedQuery(
    'a JSON path of 5,000 steps in a filter',
    `/rest/v1/documents?${jsonPath(5000)}=eq.1`,
    /JSON path/,
    signedIn,
  ),
  refusedQuery('a JSON path of 5,000 steps in order', `/rest/v1/documents?order=${jsonPath(5000)}.desc`, /JSON path/),
  refusedQuery(
    'a JSON path of 5,000 steps inside or=',
    `/rest/v1/documents?or=(${jsonPath(5000)}.eq.1,id.eq.2)`,
    /JSON path/,
  ),
  refusedQuery(
    'a JSON path of 5,000 steps in a GET rpc filter',
    `/rest/v1/rpc/client_project_ids?${jsonPath(5000)}=eq.1`,
    /JSON path/,
    signedIn,
  ),

  // Nesting in JSON bodies (API_MAX_JSON_DEPTH).
  nestedTooDeep('a REST insert nested 65 levels', '/rest/v1/contact_messages', `{"name":${deep('[', ']', 65)}}`),
  nestedTooDeep(
    'a REST insert nested 100,000 levels',
    '/rest/v1/contact_messages',
    `{"name":${deep('[', ']', 100000)}}`,
  ),
  nestedTooDeep(
    'a REST bulk insert of objects nested 50,000 levels',
    '/rest/v1/tasks',
    `[${deep('{"a":', '}', 50000, '1')}]`,
    signedIn,
  ),
  nestedTooDeep(
    'a PATCH body nested 50,000 levels',
    `/rest/v1/tasks?id=eq.${projects.riberaDashboard}`,
    `{"title":${deep('[', ']', 50000)}}`,
    { method: 'PATCH', ...signedIn },
  ),
  nestedTooDeep(
    'an rpc body nested 50,000 levels',
    '/rest/v1/rpc/client_project_ids',
    `{"x":${deep('[', ']', 50000)}}`,
    signedIn,
  ),
  sent(
    'a sign-up body nested 5,000 levels',
    '/auth/v1/signup',
    `{"email":"a@b.co","password":"x","data":${deep('{"a":', '}', 5000, '1')}}`,
    400,
    /nested more than 32 levels/,
  ),
  nestedTooDeep(
    'an admin-users body nested 50,000 levels',
    '/functions/v1/admin-users',
    `{"action":${deep('[', ']', 50000)}}`,
    signedIn,
  ),
  sent(
    'a storage list body nested 50,000 levels',
    '/storage/v1/object/list/documents',
    `{"prefix":${deep('[', ']', 50000)}}`,
    400,
    /prefix/,
    signedIn,
  ),

  nestedTooDeep(
    'a Realtime broadcast body nested 50,000 levels',
    '/realtime/v1/api/broadcast',
    `{"messages":${deep('[', ']', 50000)}}`,
  ),

  // Sizes: refused while the body streams (REST_/AUTH_/FUNCTIONS_MAX_BODY_BYTES, storage's limits).
  tooLarge(
    'a REST insert of 2 MiB with Content-Length',
    '/rest/v1/contact_messages',
    JSON.stringify({ name: 'x', email: 'a@b.co', message: 'y'.repeat(2 * mib) }),
  ),
  tooLarge('a REST insert of 64 MiB streamed', '/rest/v1/contact_messages', { streamed: 64 * mib }),
  tooLarge('an rpc body of 8 MiB streamed', '/rest/v1/rpc/client_project_ids', { streamed: 8 * mib }, signedIn),
  tooLarge('a password grant of 16 MiB streamed', '/auth/v1/token?grant_type=password', { streamed: 16 * mib }),
  tooLarge('a sign-up declaring 600 MiB', '/auth/v1/signup', '{}', {
    headers: { 'Content-Length': String(600 * mib) },
  }),
  tooLarge('a recover body of 2 MiB streamed', '/auth/v1/recover', { streamed: 2 * mib }),
  tooLarge('an admin-users body of 32 MiB streamed', '/functions/v1/admin-users', { streamed: 32 * mib }, signedIn),
  sent(
    'a storage list body of 8 MiB streamed',
    '/storage/v1/object/list/documents',
    { streamed: 8 * mib },
    400, // Supabase Storage: HTTP 400, statusCode "413" in the body
    /exceeded the maximum allowed size/,
    signedIn,
  ),
  tooLarge('a Realtime broadcast of 32 MiB streamed', '/realtime/v1/api/broadcast', { streamed: 32 * mib }),
  sent(
    'a Realtime broadcast batch of 5,000 messages',
    '/realtime/v1/api/broadcast',
    JSON.stringify({ messages: Array.from({ length: 5000 }, () => ({ topic: 'x', event: 'e', payload: {} })) }),
    429,
    /reduce the batch size/,
  ),
  sent(
    'a storage upload of 64 MiB streamed',
    `/storage/v1/object/documents/${organizations.ribera}/${projects.riberaDashboard}/big.bin`,
    { streamed: 64 * mib },
    400, // as above
    /exceeded the maximum allowed size/,
    { ...signedIn, headers: { 'Content-Type': 'application/pdf' } },
  ),

  // Malformed syntax and requests PostgREST refuses.
  refusedQuery('an unclosed in.( list', '/rest/v1/projects?id=in.(1,2', /failed to parse filter/),
  refusedQuery('an unknown operator', '/rest/v1/projects?id=evil.1', /unknown single value operator evil/),
  refusedQuery('a negative limit', '/rest/v1/projects?limit=-1', /Limit should be greater than or equal to zero/, {
    status: 416,
  }),
  refusedQuery('an unknown column', '/rest/v1/projects?select=nope', /column projects.nope does not exist/, signedIn),
  refusedQuery(
    'an embed of an unrelated table',
    '/rest/v1/projects?select=id,contact_messages(id)',
    /Could not find a relationship/,
  ),
  refusedQuery('a filter on an embed not selected', '/rest/v1/projects?documents.id=eq.1', /not an embedded resource/),
  refusedQuery('a cast to an unknown type', '/rest/v1/projects?select=id::evil', /type "evil" does not exist/),
  sent('an update without filters', '/rest/v1/tasks', '{"title":"x"}', 400, /requires a WHERE clause/, {
    method: 'PATCH',
    ...signedIn,
  }),
  sent('a delete without filters', '/rest/v1/tasks', undefined, 400, /requires a WHERE clause/, {
    method: 'DELETE',
    ...signedIn,
  }),
  refusedQuery('another schema', '/rest/v1/users', /Invalid schema: auth/, {
    headers: { 'Accept-Profile': 'auth' },
    status: 406,
  }),
  sent('a form body', '/rest/v1/contact_messages', 'a=1', 415, /Content-Type not acceptable/, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  }),
  sent('a JSON body that does not parse', '/rest/v1/contact_messages', '{"name":', 400, /Empty or invalid json/),
  sent('an rpc that does not exist', '/rest/v1/rpc/drop_everything', '{}', 404, /Could not find the function/),
  sent(
    'an rpc argument with an empty name',
    '/rest/v1/rpc/client_project_ids',
    '{"": "x; drop table projects"}',
    404,
    /Could not find the function public.client_project_ids\(\)/,
  ),
  sent(
    'an rpc body that is an array, not arguments',
    '/rest/v1/rpc/client_project_ids',
    '[{"a": 1}]',
    404,
    /Could not find the function/,
  ),
  // Existence oracles: what a client may not see answers as what does not exist.
  documentClaim(
    "a document for another organization's project",
    projects.kunturScoring,
    `${organizations.ribera}/${projects.kunturScoring}/x.pdf`,
    /^new row violates row-level security policy for table "documents"$/,
  ),
  documentClaim(
    'a document for a project that does not exist',
    missingProject,
    `${organizations.ribera}/${missingProject}/x.pdf`,
    /^new row violates row-level security policy for table "documents"$/,
  ),
  documentClaim(
    'a document pre-registered for a path nobody used yet',
    projects.riberaDashboard,
    `${organizations.ribera}/${projects.riberaDashboard}/later.pdf`,
    /^Upload the file first/,
  ),
  documentClaim(
    "a document claiming staff's unshared file",
    projects.riberaDashboard,
    `${organizations.ribera}/${projects.riberaDashboard}/notas-internas-modelado.pdf`,
    /^Upload the file first/,
  ),
  // Storage uploads onto a file the client may not see answer as a path they may not write.
  refusedUpload("an upload onto staff's hidden file", hiddenStaffFile, {}), // statusCode "403"
  refusedUpload("an upsert onto staff's hidden file", hiddenStaffFile, { 'x-upsert': 'true' }),
  refusedUpload(
    "an upload into another organization's folder",
    `${organizations.kuntur}/${projects.kunturScoring}/planted.pdf`,
    {},
  ),

  // Signed-URL abuse.
  {
    name: 'a signed URL meant to last 68 years',
    path: `/storage/v1/object/sign/documents/${organizations.ribera}/${projects.riberaDashboard}/especificacion-kpis-comerciales.pdf`,
    method: 'POST',
    signedIn: true,
    body: JSON.stringify({ expiresIn: 2 ** 31 - 1 }),
    status: 400,
    says: /expiresIn must be an integer number of seconds from 1 to 604800/,
  },
  {
    name: "a signed URL for another organization's file",
    path: `/storage/v1/object/sign/documents/${organizations.kuntur}/${projects.kunturScoring}/model-methodology.pdf`,
    method: 'POST',
    signedIn: true,
    body: JSON.stringify({ expiresIn: 60 }),
    status: 400, // statusCode "404", as for a file that does not exist
    says: /Object not found/,
  },
  {
    name: 'a signed URL token presented for another path',
    path: `/storage/v1/object/sign/documents/${organizations.kuntur}/x.pdf?token=SIGNED_FOR_RIBERA`,
    status: 400,
    says: /signature/i,
  },
  {
    name: "a signed upload URL into another organization's folder",
    path: `/storage/v1/object/upload/sign/documents/${organizations.kuntur}/${projects.kunturScoring}/planted.pdf`,
    method: 'POST',
    signedIn: true,
    body: '{}',
    status: 400, // statusCode "403", as Supabase Storage answers RLS
    says: /row-level security/,
  },
  {
    name: 'a download link token used to upload',
    path: `/storage/v1/object/upload/sign/documents/${organizations.ribera}/${projects.riberaDashboard}/especificacion-kpis-comerciales.pdf?token=SIGNED_FOR_RIBERA`,
    method: 'PUT',
    headers: { 'Content-Type': 'application/pdf' },
    body: '%PDF-1.4 replaced',
    status: 400,
    says: /Token is not scoped for upload/,
  },
  {
    name: 'a storage list with no credentials at all',
    path: '/storage/v1/object/list/documents',
    method: 'POST',
    noCredentials: true,
    body: JSON.stringify({ prefix: '' }),
    status: 401, // as Supabase's gateway answers
    says: /No API key found in request/,
  },
  {
    name: 'a storage upload with no credentials at all',
    path: `/storage/v1/object/documents/${organizations.ribera}/${projects.riberaDashboard}/anon.pdf`,
    method: 'POST',
    noCredentials: true,
    headers: { 'Content-Type': 'application/pdf' },
    body: '%PDF-1.4',
    status: 401,
    says: /No API key found in request/,
  },
  {
    name: 'a forged access token',
    path: '/rest/v1/projects',
    headers: { Authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.forged' },
    status: 401,
    says: /JWT|signature/i,
  },
  // A signed link opens its one object and nothing else (issue 21 item 1): its token is no bearer.
  ...(['link', 'legacyLink', 'uploadLink'] as const).flatMap((linkAsBearer): Case[] => [
    {
      name: `a ${linkAsBearer} token as the bearer of a REST read`,
      path: '/rest/v1/profiles?select=id,full_name',
      linkAsBearer,
      status: 401,
      says: /JWT cryptographic operation failed/,
    },
    {
      name: `a ${linkAsBearer} token as the bearer of a REST write`,
      path: `/rest/v1/profiles?id=eq.${users.lucia}`,
      method: 'PATCH',
      body: JSON.stringify({ full_name: 'Owned' }),
      linkAsBearer,
      status: 401,
      says: /JWT cryptographic operation failed/,
    },
    {
      name: `a ${linkAsBearer} token as the bearer of a Realtime broadcast`,
      path: `/realtime/v1/api/broadcast/${encodeURIComponent(`conversation:${projects.riberaDashboard}`)}/events/typing?private=true`,
      method: 'POST',
      body: '{}',
      linkAsBearer,
      status: 401,
      says: /Unauthorized/,
    },
    {
      name: `a ${linkAsBearer} token as the bearer of the auth API`,
      path: '/auth/v1/user',
      linkAsBearer,
      status: 403,
      says: /invalid JWT.*signature is invalid/,
    },
    {
      name: `a ${linkAsBearer} token as the bearer of a Storage listing`,
      path: '/storage/v1/object/list/documents',
      method: 'POST',
      body: JSON.stringify({ prefix: '' }),
      linkAsBearer,
      status: 400,
      says: /invalid JWT/i,
    },
    {
      name: `a ${linkAsBearer} token as the bearer of the staff function`,
      path: '/functions/v1/admin-users',
      method: 'POST',
      body: JSON.stringify({ action: 'invite', email: 'spy@attacker.example', organization_id: organizations.kuntur }),
      linkAsBearer,
      status: 401,
      says: /session is not valid/,
    },
  ]),
  {
    name: 'a signed-URL token that was tampered with',
    path: '/storage/v1/object/sign/documents/x.pdf?token=eyJhbGciOiJIUzI1NiJ9.eyJ1cmwiOiJkb2N1bWVudHMveC5wZGYifQ.forged',
    status: 400,
    says: /signature|jwt|token/i,
  },
]

// ------------------------------------------------------------------------------------------------
// Lead e-mail links (security issue 6). A lead stored with the address
// `mallory@evil.example?bcc=spy%40attacker.example&subject=hi` became, on staff's lead page, a
// mailto: link with a hidden Bcc and subject. The table takes only addresses (the check constraint
// contact_messages_email_format, zod's z.email() rule), whoever sends the row; every link is built
// by mailtoHref(), which encodes the address (tests/unit/email-address.test.ts).
const leadRow = (email: string) => JSON.stringify({ name: 'Mallory', email, message: 'Hola', privacy_accepted: true })
const leadCase = (name: string, email: string, extra: Partial<Case> = {}) =>
  sent(
    name,
    '/rest/v1/contact_messages',
    leadRow(email),
    400,
    /violates check constraint "contact_messages_email_format"/,
    extra,
  )
const leadEmailCases: Case[] = [
  leadCase(
    'a lead whose address hides a Bcc and a subject',
    'mallory@evil.example?bcc=spy%40attacker.example&subject=hi',
  ),
  leadCase(
    'a lead whose address hides a Bcc, signed in',
    'mallory@evil.example?bcc=spy%40attacker.example&subject=hi',
    signedIn,
  ),
  leadCase('a lead whose address carries a header on a new line', 'mallory@evil.example\r\nBcc: spy@attacker.example'),
  leadCase(
    'a lead whose address is a list with a display name',
    'Mallory <mallory@evil.example>, spy@attacker.example',
  ),
]
// ------------------------------------------------------------------------------------------------

function messageOf(body: unknown): string {
  if (typeof body !== 'object' || body === null) return String(body)
  const record = body as Record<string, unknown>
  const nested = record.error as Record<string, unknown> | undefined
  return [record.message, record.msg, record.details, typeof nested === 'object' ? nested?.message : record.error]
    .filter((part) => typeof part === 'string')
    .join(' | ')
}

function streamedBody(size: number, fill = 'x'): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode(fill.repeat(64 * 1024))
  let sent = 0
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close()
      controller.enqueue(chunk)
      sent += chunk.byteLength
    },
  })
}

/** A digest of every table a request could touch: any change shows. */
const snapshotSql = `select md5(string_agg(digest, ',' order by name)) as digest from (
  select 'projects' as name, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as digest from public.projects t
  union all select 'documents', md5(coalesce(string_agg(t::text, ',' order by t::text), '')) from public.documents t
  union all select 'tasks', md5(coalesce(string_agg(t::text, ',' order by t::text), '')) from public.tasks t
  union all select 'notifications', md5(coalesce(string_agg(t::text, ',' order by t::text), '')) from public.notifications t
  union all select 'contact_messages', md5(coalesce(string_agg(t::text, ',' order by t::text), '')) from public.contact_messages t
  union all select 'profiles', md5(coalesce(string_agg(t::text, ',' order by t::text), '')) from public.profiles t
  union all select 'users', md5(coalesce(string_agg(t.id::text || t.email, ',' order by t.id), '')) from auth.users t
  union all select 'objects', md5(coalesce(string_agg(t.name, ',' order by t.name), '')) from storage.objects t
) tables`

describeEachDatabase('hostile input on %s', (kind) => {
  const server = useTestServer(kind)
  let attackerToken: string
  let otherTenantToken: string
  let snapshot: () => Promise<string>

  beforeAll(async () => {
    const sign = (sub: string) => server.deps.keys.sign({ sub, role: 'authenticated', aud: 'authenticated' }, 3600)
    attackerToken = await sign(users.lucia)
    otherTenantToken = await sign(users.daniel)
    snapshot = async () => (await server.deps.db.query<{ digest: string }>(snapshotSql)).rows[0]!.digest
    // The row staff's upload leaves (the test server stores no demo files).
    await server.deps.db.query(
      `insert into storage.objects (bucket_id, name, version, metadata)
       values ('documents', $1, 'hidden-staff-version', '{"size": 1, "mimetype": "application/pdf"}')`,
      [hiddenStaffFile],
    )
  })

  const riberaDocument = `documents/${organizations.ribera}/${projects.riberaDashboard}/especificacion-kpis-comerciales.pdf`
  /** A valid link token as the server issues them, for a Ribera document signed by Lucía. */
  const riberaLinkToken = () =>
    server.deps.keys.signUrlToken(
      { url: riberaDocument, scope: 'download', role: 'authenticated', sub: users.lucia },
      60,
    )
  const linkTokens = {
    link: riberaLinkToken,
    uploadLink: () =>
      server.deps.keys.signUrlToken(
        { url: riberaDocument, scope: 'upload', upsert: true, role: 'authenticated', sub: users.lucia },
        60,
      ),
    legacyLink: () => server.deps.keys.sign({ url: riberaDocument, scope: 'download', role: 'service_role' }, 60),
  }

  /** Daniel (Kuntur Pay) reads his organization's projects, as the dashboard does. */
  const otherTenantRead = async () => {
    const response = await server.request(`/rest/v1/projects?select=id,organization_id&order=id`, {
      headers: { apikey: server.anonKey, Authorization: `Bearer ${otherTenantToken}` },
    })
    return { status: response.status, rows: (await response.json()) as Array<{ organization_id: string }> }
  }

  it('answers uploads onto a hidden file exactly as uploads to a path the client may not write', async () => {
    const upload = async (path: string, upsert: boolean) => {
      const response = await server.request(`/storage/v1/object/documents/${path}`, {
        method: 'POST',
        headers: {
          apikey: server.anonKey,
          Authorization: `Bearer ${attackerToken}`,
          'Content-Type': 'application/pdf',
          ...(upsert ? { 'x-upsert': 'true' } : {}),
        },
        body: '%PDF-1.4 mine',
      })
      return { status: response.status, body: await response.text() }
    }
    const free = await upload(`${organizations.kuntur}/${projects.kunturScoring}/free.pdf`, false)
    expect(free.status).toBe(400)
    for (const upsert of [false, true]) expect(await upload(hiddenStaffFile, upsert)).toEqual(free)
  })

  it('has at least 40 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40)
  })

  it.each([...cases, ...leadEmailCases])(
    '$name: refused with $status, nothing changed, others served',
    async (entry) => {
      const before = await snapshot()
      // As supabase-js sends them: the anon key as apikey and, unless signed in, as the bearer too.
      const headers: Record<string, string> = entry.noCredentials
        ? { ...entry.headers }
        : {
            apikey: server.anonKey,
            Authorization: `Bearer ${
              entry.linkAsBearer
                ? await linkTokens[entry.linkAsBearer]()
                : entry.signedIn
                  ? attackerToken
                  : server.anonKey
            }`,
            ...entry.headers,
          }
      if (typeof entry.body === 'string' && !headers['Content-Type']) headers['Content-Type'] = 'application/json'
      const body =
        entry.body === undefined || typeof entry.body === 'string'
          ? entry.body
          : streamedBody(entry.body.streamed, entry.body.fill)
      if (body instanceof ReadableStream && !headers['Content-Type']) headers['Content-Type'] = 'application/json'
      const init = { method: entry.method ?? 'GET', headers, body, duplex: 'half' } as RequestInit
      const path = entry.path.includes('SIGNED_FOR_RIBERA')
        ? entry.path.replace('SIGNED_FOR_RIBERA', await riberaLinkToken())
        : entry.path
      const [response, other] = await Promise.all([server.request(path, init), otherTenantRead()])

      expect(response.status, entry.name).toBe(entry.status)
      const text = await response.text()
      expect(() => JSON.parse(text), `${entry.name}: ${text.slice(0, 200)}`).not.toThrow()
      expect(messageOf(JSON.parse(text)), entry.name).toMatch(entry.says)

      expect(other.status).toBe(200)
      expect(other.rows.length).toBeGreaterThan(0)
      expect(other.rows.every((row) => row.organization_id === organizations.kuntur)).toBe(true)
      expect(await snapshot(), `${entry.name} changed the data`).toBe(before)
    },
  )
})

// ─── Conversation floods: messages mentioning staff ───────────────────────────────────────────
// One client request of 200 messages mentioning every staff member, then 50 more, once sent 750
// immediate e-mails (and thousands of messages fit in the body limit). Each request is refused
// with 429 before any row is kept or anyone notified; the client's next messages are bounded per
// minute; and however many mentions reach a staff member, at most 3 are e-mailed at once
// (migrations 20261129110000 and 20261129110100).
describeEachDatabase('hostile input: a flood of messages mentioning staff, on %s', (kind) => {
  const server = useTestServer(kind)
  let attackerToken: string
  beforeAll(async () => {
    attackerToken = await server.deps.keys.sign({ sub: users.lucia, role: 'authenticated', aud: 'authenticated' }, 3600)
  })

  const staff = [users.admin, users.superAdmin]
  const flood = (count: number, text: string) =>
    JSON.stringify(
      Array.from({ length: count }, (_, i) => ({
        project_id: projects.riberaDashboard,
        body: `@Admin @Super ${text} ${i}`,
        mentions: staff,
      })),
    )
  const post = (body: string) =>
    server.request('/rest/v1/conversation_messages', {
      method: 'POST',
      headers: {
        apikey: server.anonKey,
        Authorization: `Bearer ${attackerToken}`,
        'Content-Type': 'application/json',
        Prefer: 'return=minimal',
      },
      body,
    })
  const written = async () =>
    (
      await server.deps.db.query<{ messages: number; notifications: number }>(
        `select (select count(*)::int from public.conversation_messages where author_id = $1) as messages,
                (select count(*)::int from public.notifications where kind like 'conversation_%') as notifications`,
        [users.lucia],
      )
    ).rows[0]!
  /** Immediate mention e-mails waiting for or already sent to each staff member. */
  const immediateMentions = async () =>
    (
      await server.deps.db.query<{ recipient_id: string; immediate: number }>(
        `select recipient_id, count(*)::int as immediate from public.notifications
          where kind = 'conversation_mention' and email_immediately and recipient_id = any($1::uuid[])
            and body like '%One by one%'
          group by recipient_id order by recipient_id`,
        [`{${staff.join(',')}}`],
      )
    ).rows

  it('refuses 200 messages in one request, then 50 more, then the largest body that fits: 429, nothing written', async () => {
    const before = await written()
    // As many messages, each mentioning both, as the body limit (REST_MAX_BODY_BYTES, 1 MiB) holds.
    let largest = 1000
    while (Buffer.byteLength(flood(largest + 250, 'x')) < 1024 * 1024) largest += 250
    expect(largest).toBeGreaterThan(4000)
    for (const [count, text] of [
      [200, 'Urgent'],
      [50, 'More'],
      [largest, 'x'],
    ] as const) {
      const response = await post(flood(count, text))
      expect(response.status, `${count} messages`).toBe(429)
      expect(await response.json()).toMatchObject({
        code: 'PT429',
        message: 'Too many messages in one request: at most 5',
      })
      expect(await written(), `${count} messages`).toEqual(before)
    }
    expect(await server.notificationMails.flush()).toBe(0)
  })

  it('bounds the same flood sent one request at a time, and e-mails each staff member at most 3 mentions at once', async () => {
    const before = await written()
    const statuses: number[] = []
    for (let i = 0; i < 25; i++) statuses.push((await post(flood(1, `One by one ${i}`))).status)
    // 20 a minute get through; the rest are refused.
    expect(statuses.filter((status) => status === 201)).toHaveLength(20)
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429])
    expect((await written()).messages).toBe(before.messages + 20)
    // Ordered by id: the super admin's comes first.
    expect(await immediateMentions()).toEqual([
      { recipient_id: users.superAdmin, immediate: 3 },
      { recipient_id: users.admin, immediate: 3 },
    ])

    // The catcher: 3 mention e-mails each, the other 17 mentions in one digest.
    await server.notificationMails.flush()
    for (const address of ['admin@caucedata.com', 'superadmin@caucedata.com']) {
      await server.deps.catcher!.waitFor(address, (mail) => mail.text.includes('One by one 19'))
      const mails = server.deps
        .catcher!.messages()
        .filter((mail) => mail.to.includes(address) && mail.text.includes('One by one'))
      expect(mails, address).toHaveLength(4)
    }
  })
})

// A preview's token after its staff member left it (issue 21 item 5): refused like a signed-out
// session's, on REST, Storage and Auth, within the revocation bound (here 0: at once).
describeEachDatabase('a left preview on %s', (kind) => {
  const server = useTestServer(kind, { AUTH_REVOCATION_CHECK_MS: '0' })

  it('stops reading the moment the preview is left', async () => {
    const staff = server.client()
    const { data, error } = await staff.auth.signInWithPassword({
      email: 'admin@caucedata.com',
      password: demoPassword,
    })
    if (error) throw error
    const getUser = (token: string) =>
      server.request('/auth/v1/user', { headers: { apikey: server.anonKey, authorization: `Bearer ${token}` } })
    const viewAs = (action: 'start' | 'end') =>
      server.request('/functions/v1/view-as', {
        method: 'POST',
        headers: {
          apikey: server.anonKey,
          authorization: `Bearer ${data.session.access_token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ action, user_id: users.lucia }),
      })
    const started = await viewAs('start')
    const preview = ((await started.json()) as { data: { access_token: string } }).data.access_token
    const read = (token: string) =>
      server.request('/rest/v1/projects?select=id', {
        headers: { apikey: server.anonKey, authorization: `Bearer ${token}` },
      })
    expect((await read(preview)).status).toBe(200)
    expect((await viewAs('end')).status).toBe(204)

    const refused = await read(preview)
    expect(refused.status).toBe(401)
    expect(messageOf(await refused.json())).toMatch(/session has ended/)
    expect((await getUser(preview)).status).toBe(403)
    const listed = await server.request('/storage/v1/object/list/documents', {
      method: 'POST',
      headers: { apikey: server.anonKey, authorization: `Bearer ${preview}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: organizations.ribera }),
    })
    expect(listed.status).toBe(400)
    // The staff member's own session goes on.
    expect((await read(data.session.access_token)).status).toBe(200)
  })
})
