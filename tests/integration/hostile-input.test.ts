// The hostile-input catalogue: requests a client could send to hurt the service or other tenants
// (deep nesting, oversized or endless bodies, malformed syntax, forged credentials). Each one must
// get a 4xx with a message that says what was wrong, change nothing in the database, and leave the
// server answering another organization's client while it is refused. On PGlite and PostgreSQL.
// Oversized bodies over a real connection, where the refusal must reach the client before the
// connection closes, are in refused-bodies.test.ts beside this file.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDatabase, startTestServer, type TestServer, useTestServer } from './support/server'
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

const cases: Case[] = [
  // Nesting in the query string (REST_MAX_EMBED_DEPTH, REST_MAX_EMBEDS, REST_MAX_FILTER_DEPTH).
  {
    name: 'embeds one level past the depth limit',
    path: `/rest/v1/projects?select=${deepEmbed(9)}`,
    status: 400,
    says: /depth of embedded resources.*limit of 8/,
  },
  {
    name: 'embeds 3,000 levels deep',
    path: `/rest/v1/projects?select=${deepEmbed(3000)}`,
    status: 400,
    says: /depth of embedded resources/,
  },
  {
    name: 'embeds 20,000 levels deep, signed in',
    path: `/rest/v1/projects?select=${deepEmbed(20000)}`,
    signedIn: true,
    status: 400,
    says: /depth of embedded resources/,
  },
  {
    name: '41 embeds side by side',
    path: `/rest/v1/projects?select=${manyEmbeds(41)}`,
    status: 400,
    says: /number of embedded resources.*limit of 40/,
  },
  {
    name: '400 embeds side by side',
    path: `/rest/v1/projects?select=${manyEmbeds(400)}`,
    signedIn: true,
    status: 400,
    says: /number of embedded resources/,
  },
  {
    name: 'spread embeds 5,000 deep',
    path: `/rest/v1/documents?select=id,${deep('...projects(', ')', 5000, 'id')}`,
    status: 400,
    says: /depth of embedded resources/,
  },
  {
    name: 'or= nested 17 levels',
    path: `/rest/v1/projects?or=${deepLogic('or', 17)}`,
    status: 400,
    says: /nesting of and\/or.*limit of 16/,
  },
  {
    name: 'or= nested 5,000 levels',
    path: `/rest/v1/projects?or=${deepLogic('or', 5000)}`,
    signedIn: true,
    status: 400,
    says: /nesting of and\/or/,
  },
  {
    name: 'and= nested 5,000 levels',
    path: `/rest/v1/projects?and=${deepLogic('and', 5000)}`,
    status: 400,
    says: /nesting of and\/or/,
  },
  {
    name: 'not.or= nested 5,000 levels',
    path: `/rest/v1/projects?not.or=${deepLogic('or', 5000)}`,
    status: 400,
    says: /nesting of and\/or/,
  },
  {
    name: 'an embedded or= nested 5,000 levels',
    path: `/rest/v1/projects?select=id,documents(id)&documents.or=${deepLogic('or', 5000)}`,
    signedIn: true,
    status: 400,
    says: /nesting of and\/or/,
  },
  {
    name: 'alternating and/or 5,000 levels',
    path: `/rest/v1/projects?or=(${'and(name.eq.a,or(name.eq.b,'.repeat(2500)}name.eq.c${'))'.repeat(2500)})`,
    status: 400,
    says: /nesting of and\/or/,
  },
  {
    name: 'a JSON path of 17 steps in select',
    path: `/rest/v1/documents?select=${jsonPath(17)}`,
    status: 400,
    says: /JSON path.*limit of 16/,
  },
  {
    name: 'a JSON path of 5,000 steps in a filter',
    path: `/rest/v1/documents?${jsonPath(5000)}=eq.1`,
    signedIn: true,
    status: 400,
    says: /JSON path/,
  },
  {
    name: 'a JSON path of 5,000 steps in order',
    path: `/rest/v1/documents?order=${jsonPath(5000)}.desc`,
    status: 400,
    says: /JSON path/,
  },
  {
    name: 'a JSON path of 5,000 steps inside or=',
    path: `/rest/v1/documents?or=(${jsonPath(5000)}.eq.1,id.eq.2)`,
    status: 400,
    says: /JSON path/,
  },
  {
    name: 'a JSON path of 5,000 steps in a GET rpc filter',
    path: `/rest/v1/rpc/client_project_ids?${jsonPath(5000)}=eq.1`,
    signedIn: true,
    status: 400,
    says: /JSON path/,
  },

  // Nesting in JSON bodies (API_MAX_JSON_DEPTH).
  {
    name: 'a REST insert nested 65 levels',
    path: '/rest/v1/contact_messages',
    method: 'POST',
    body: `{"name":${deep('[', ']', 65)}}`,
    status: 400,
    says: /nested more than 64 levels/,
  },
  {
    name: 'a REST insert nested 100,000 levels',
    path: '/rest/v1/contact_messages',
    method: 'POST',
    body: `{"name":${deep('[', ']', 100000)}}`,
    status: 400,
    says: /nested more than 64 levels/,
  },
  {
    name: 'a REST bulk insert of objects nested 50,000 levels',
    path: '/rest/v1/tasks',
    method: 'POST',
    signedIn: true,
    body: `[${deep('{"a":', '}', 50000, '1')}]`,
    status: 400,
    says: /nested more than 64 levels/,
  },
  {
    name: 'a PATCH body nested 50,000 levels',
    path: `/rest/v1/tasks?id=eq.${projects.riberaDashboard}`,
    method: 'PATCH',
    signedIn: true,
    body: `{"title":${deep('[', ']', 50000)}}`,
    status: 400,
    says: /nested more than 64 levels/,
  },
  {
    name: 'an rpc body nested 50,000 levels',
    path: '/rest/v1/rpc/client_project_ids',
    method: 'POST',
    signedIn: true,
    body: `{"x":${deep('[', ']', 50000)}}`,
    status: 400,
    says: /nested more than 64 levels/,
  },
  {
    name: 'a sign-up body nested 5,000 levels',
    path: '/auth/v1/signup',
    method: 'POST',
    body: `{"email":"a@b.co","password":"x","data":${deep('{"a":', '}', 5000, '1')}}`,
    status: 400,
    says: /nested more than 32 levels/,
  },
  {
    name: 'an admin-users body nested 50,000 levels',
    path: '/functions/v1/admin-users',
    method: 'POST',
    signedIn: true,
    body: `{"action":${deep('[', ']', 50000)}}`,
    status: 400,
    says: /nested more than 64 levels/,
  },
  {
    name: 'a storage list body nested 50,000 levels',
    path: '/storage/v1/object/list/documents',
    method: 'POST',
    signedIn: true,
    body: `{"prefix":${deep('[', ']', 50000)}}`,
    status: 400,
    says: /prefix/,
  },

  {
    name: 'a Realtime broadcast body nested 50,000 levels',
    path: '/realtime/v1/api/broadcast',
    method: 'POST',
    body: `{"messages":${deep('[', ']', 50000)}}`,
    status: 400,
    says: /nested more than 64 levels/,
  },

  // Sizes: refused while the body streams (REST_/AUTH_/FUNCTIONS_MAX_BODY_BYTES, storage's limits).
  {
    name: 'a REST insert of 2 MiB with Content-Length',
    path: '/rest/v1/contact_messages',
    method: 'POST',
    body: JSON.stringify({ name: 'x', email: 'a@b.co', message: 'y'.repeat(2 * mib) }),
    status: 413,
    says: /Request body too large/,
  },
  {
    name: 'a REST insert of 64 MiB streamed',
    path: '/rest/v1/contact_messages',
    method: 'POST',
    body: { streamed: 64 * mib },
    status: 413,
    says: /Request body too large/,
  },
  {
    name: 'an rpc body of 8 MiB streamed',
    path: '/rest/v1/rpc/client_project_ids',
    method: 'POST',
    signedIn: true,
    body: { streamed: 8 * mib },
    status: 413,
    says: /Request body too large/,
  },
  {
    name: 'a password grant of 16 MiB streamed',
    path: '/auth/v1/token?grant_type=password',
    method: 'POST',
    body: { streamed: 16 * mib },
    status: 413,
    says: /Request body too large/,
  },
  {
    name: 'a sign-up declaring 600 MiB',
    path: '/auth/v1/signup',
    method: 'POST',
    headers: { 'Content-Length': String(600 * mib) },
    body: '{}',
    status: 413,
    says: /Request body too large/,
  },
  {
    name: 'a recover body of 2 MiB streamed',
    path: '/auth/v1/recover',
    method: 'POST',
    body: { streamed: 2 * mib },
    status: 413,
    says: /Request body too large/,
  },
  {
    name: 'an admin-users body of 32 MiB streamed',
    path: '/functions/v1/admin-users',
    method: 'POST',
    signedIn: true,
    body: { streamed: 32 * mib },
    status: 413,
    says: /Request body too large/,
  },
  {
    name: 'a storage list body of 8 MiB streamed',
    path: '/storage/v1/object/list/documents',
    method: 'POST',
    signedIn: true,
    body: { streamed: 8 * mib },
    status: 400, // Supabase Storage: HTTP 400, statusCode "413" in the body
    says: /exceeded the maximum allowed size/,
  },
  {
    name: 'a Realtime broadcast of 32 MiB streamed',
    path: '/realtime/v1/api/broadcast',
    method: 'POST',
    body: { streamed: 32 * mib },
    status: 413,
    says: /Request body too large/,
  },
  {
    name: 'a Realtime broadcast batch of 5,000 messages',
    path: '/realtime/v1/api/broadcast',
    method: 'POST',
    body: JSON.stringify({ messages: Array.from({ length: 5000 }, () => ({ topic: 'x', event: 'e', payload: {} })) }),
    status: 429,
    says: /reduce the batch size/,
  },
  {
    name: 'a storage upload of 64 MiB streamed',
    path: `/storage/v1/object/documents/${organizations.ribera}/${projects.riberaDashboard}/big.bin`,
    method: 'POST',
    signedIn: true,
    headers: { 'Content-Type': 'application/pdf' },
    body: { streamed: 64 * mib },
    status: 400, // as above
    says: /exceeded the maximum allowed size/,
  },

  // Malformed syntax and requests PostgREST refuses.
  { name: 'an unclosed in.( list', path: '/rest/v1/projects?id=in.(1,2', status: 400, says: /failed to parse filter/ },
  {
    name: 'an unknown operator',
    path: '/rest/v1/projects?id=evil.1',
    status: 400,
    says: /unknown single value operator evil/,
  },
  {
    name: 'a negative limit',
    path: '/rest/v1/projects?limit=-1',
    status: 416,
    says: /Limit should be greater than or equal to zero/,
  },
  {
    name: 'an unknown column',
    path: '/rest/v1/projects?select=nope',
    signedIn: true,
    status: 400,
    says: /column projects.nope does not exist/,
  },
  {
    name: 'an embed of an unrelated table',
    path: '/rest/v1/projects?select=id,contact_messages(id)',
    status: 400,
    says: /Could not find a relationship/,
  },
  {
    name: 'a filter on an embed not selected',
    path: '/rest/v1/projects?documents.id=eq.1',
    status: 400,
    says: /not an embedded resource/,
  },
  {
    name: 'a cast to an unknown type',
    path: '/rest/v1/projects?select=id::evil',
    status: 400,
    says: /type "evil" does not exist/,
  },
  {
    name: 'an update without filters',
    path: '/rest/v1/tasks',
    method: 'PATCH',
    signedIn: true,
    body: '{"title":"x"}',
    status: 400,
    says: /requires a WHERE clause/,
  },
  {
    name: 'a delete without filters',
    path: '/rest/v1/tasks',
    method: 'DELETE',
    signedIn: true,
    status: 400,
    says: /requires a WHERE clause/,
  },
  {
    name: 'another schema',
    path: '/rest/v1/users',
    headers: { 'Accept-Profile': 'auth' },
    status: 406,
    says: /Invalid schema: auth/,
  },
  {
    name: 'a form body',
    path: '/rest/v1/contact_messages',
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'a=1',
    status: 415,
    says: /Content-Type not acceptable/,
  },
  {
    name: 'a JSON body that does not parse',
    path: '/rest/v1/contact_messages',
    method: 'POST',
    body: '{"name":',
    status: 400,
    says: /Empty or invalid json/,
  },
  {
    name: 'an rpc that does not exist',
    path: '/rest/v1/rpc/drop_everything',
    method: 'POST',
    body: '{}',
    status: 404,
    says: /Could not find the function/,
  },
  {
    name: 'an rpc argument with an empty name',
    path: '/rest/v1/rpc/client_project_ids',
    method: 'POST',
    body: '{"": "x; drop table projects"}',
    status: 404,
    says: /Could not find the function public.client_project_ids\(\)/,
  },
  {
    name: 'an rpc body that is an array, not arguments',
    path: '/rest/v1/rpc/client_project_ids',
    method: 'POST',
    body: '[{"a": 1}]',
    status: 404,
    says: /Could not find the function/,
  },
  // Existence oracles: what a client may not see answers as what does not exist.
  {
    name: "a document for another organization's project",
    path: '/rest/v1/documents',
    method: 'POST',
    signedIn: true,
    body: JSON.stringify(
      documentRow(projects.kunturScoring, `${organizations.ribera}/${projects.kunturScoring}/x.pdf`),
    ),
    status: 403,
    says: /^new row violates row-level security policy for table "documents"$/,
  },
  {
    name: 'a document for a project that does not exist',
    path: '/rest/v1/documents',
    method: 'POST',
    signedIn: true,
    body: JSON.stringify(documentRow(missingProject, `${organizations.ribera}/${missingProject}/x.pdf`)),
    status: 403,
    says: /^new row violates row-level security policy for table "documents"$/,
  },
  {
    name: 'a document pre-registered for a path nobody used yet',
    path: '/rest/v1/documents',
    method: 'POST',
    signedIn: true,
    body: JSON.stringify(
      documentRow(projects.riberaDashboard, `${organizations.ribera}/${projects.riberaDashboard}/later.pdf`),
    ),
    status: 403,
    says: /^Upload the file first/,
  },
  {
    name: "a document claiming staff's unshared file",
    path: '/rest/v1/documents',
    method: 'POST',
    signedIn: true,
    body: JSON.stringify(
      documentRow(
        projects.riberaDashboard,
        `${organizations.ribera}/${projects.riberaDashboard}/notas-internas-modelado.pdf`,
      ),
    ),
    status: 403,
    says: /^Upload the file first/,
  },
  // Storage uploads onto a file the client may not see answer as a path they may not write.
  {
    name: "an upload onto staff's hidden file",
    path: `/storage/v1/object/documents/${hiddenStaffFile}`,
    method: 'POST',
    signedIn: true,
    headers: { 'Content-Type': 'application/pdf' },
    body: '%PDF-1.4 mine',
    status: 400, // statusCode "403"
    says: /new row violates row-level security policy/,
  },
  {
    name: "an upsert onto staff's hidden file",
    path: `/storage/v1/object/documents/${hiddenStaffFile}`,
    method: 'POST',
    signedIn: true,
    headers: { 'Content-Type': 'application/pdf', 'x-upsert': 'true' },
    body: '%PDF-1.4 mine',
    status: 400,
    says: /new row violates row-level security policy/,
  },
  {
    name: "an upload into another organization's folder",
    path: `/storage/v1/object/documents/${organizations.kuntur}/${projects.kunturScoring}/planted.pdf`,
    method: 'POST',
    signedIn: true,
    headers: { 'Content-Type': 'application/pdf' },
    body: '%PDF-1.4 mine',
    status: 400,
    says: /new row violates row-level security policy/,
  },
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
const leadEmailCases: Case[] = [
  {
    name: 'a lead whose address hides a Bcc and a subject',
    path: '/rest/v1/contact_messages',
    method: 'POST',
    body: leadRow('mallory@evil.example?bcc=spy%40attacker.example&subject=hi'),
    status: 400,
    says: /violates check constraint "contact_messages_email_format"/,
  },
  {
    name: 'a lead whose address hides a Bcc, signed in',
    path: '/rest/v1/contact_messages',
    method: 'POST',
    signedIn: true,
    body: leadRow('mallory@evil.example?bcc=spy%40attacker.example&subject=hi'),
    status: 400,
    says: /violates check constraint "contact_messages_email_format"/,
  },
  {
    name: 'a lead whose address carries a header on a new line',
    path: '/rest/v1/contact_messages',
    method: 'POST',
    body: leadRow('mallory@evil.example\r\nBcc: spy@attacker.example'),
    status: 400,
    says: /violates check constraint "contact_messages_email_format"/,
  },
  {
    name: 'a lead whose address is a list with a display name',
    path: '/rest/v1/contact_messages',
    method: 'POST',
    body: leadRow('Mallory <mallory@evil.example>, spy@attacker.example'),
    status: 400,
    says: /violates check constraint "contact_messages_email_format"/,
  },
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
  let server: TestServer
  let attackerToken: string
  let otherTenantToken: string
  let snapshot: () => Promise<string>

  beforeAll(async () => {
    server = await startTestServer(kind)
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
  afterAll(() => server.close())

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
  let server: TestServer
  let attackerToken: string

  beforeAll(async () => {
    server = await startTestServer(kind)
    attackerToken = await server.deps.keys.sign({ sub: users.lucia, role: 'authenticated', aud: 'authenticated' }, 3600)
  })
  afterAll(() => server.close())

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
