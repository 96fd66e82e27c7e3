// Fixtures for the storage tests: two users (inserted straight into auth.users), buckets with
// per-user-folder policies created as the database owner, and supabase-js clients that carry a
// user's JWT, as the browser's client does after sign-in.
import { createHash, randomUUID } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { expect } from 'vitest'
import WebSocket from 'ws'
import { madeBeforeAll, type TestServer } from '../support/server'

export const DOCS = 'st-docs' // private; each user owns the folder named after their id
export const PUBLIC = 'st-public' // public; same write rules
export const LIMITED = 'st-limited' // private; 1 KiB and png / text only

const buckets = [DOCS, PUBLIC, LIMITED].map((b) => `'${b}'`).join(', ')

export async function createStorageFixtures(server: TestServer) {
  const alice = randomUUID()
  const bob = randomUUID()
  await server.deps.db.exec(`
    insert into auth.users (id, email, aud, role) values
      ('${alice}', 'alice-${alice}@example.com', 'authenticated', 'authenticated'),
      ('${bob}', 'bob-${bob}@example.com', 'authenticated', 'authenticated');
    insert into storage.buckets (id, name, public) values ('${DOCS}', '${DOCS}', false), ('${PUBLIC}', '${PUBLIC}', true);
    insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
      values ('${LIMITED}', '${LIMITED}', false, 1024, array['image/png', 'text/*']);
    create policy "st: read own folder" on storage.objects for select to authenticated
      using (bucket_id in (${buckets}) and (storage.foldername(name))[1] = (select auth.uid())::text);
    create policy "st: write own folder" on storage.objects for insert to authenticated
      with check (bucket_id in (${buckets}) and (storage.foldername(name))[1] = (select auth.uid())::text);
    create policy "st: update own folder" on storage.objects for update to authenticated
      using (bucket_id in (${buckets}) and (storage.foldername(name))[1] = (select auth.uid())::text)
      with check (bucket_id in (${buckets}) and (storage.foldername(name))[1] = (select auth.uid())::text);
    create policy "st: delete own folder" on storage.objects for delete to authenticated
      using (bucket_id in (${buckets}) and (storage.foldername(name))[1] = (select auth.uid())::text);
  `)
  const fetchApp: typeof fetch = async (input, init) => server.app.fetch(new Request(input, init))
  const clientWithToken = (token: string): SupabaseClient =>
    createClient(server.url, server.anonKey, {
      global: { fetch: fetchApp, headers: { Authorization: `Bearer ${token}` } },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    })
  const tokenFor = (sub: string) => server.deps.keys.sign({ sub, role: 'authenticated', aud: 'authenticated' }, 3600)
  return {
    alice,
    bob,
    tokenFor,
    clientWithToken,
    aliceClient: clientWithToken(await tokenFor(alice)),
    bobClient: clientWithToken(await tokenFor(bob)),
    anonClient: server.client(),
    serviceClient: server.serviceClient(),
  }
}

export type StorageFixtures = Awaited<ReturnType<typeof createStorageFixtures>>

/** The storage fixtures of the enclosing describe block, made in its beforeAll. */
export function useStorageFixtures(server: TestServer): StorageFixtures {
  return madeBeforeAll(() => createStorageFixtures(server))
}

/** Every file under a folder, recursively (relative paths). */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
}

/** Version files of one bucket on disk (what the rows point at, plus any orphan). */
export async function bucketFiles(server: TestServer, bucket: string) {
  return filesUnder(join(server.deps.storageDir, bucket))
}

export async function tempFiles(server: TestServer) {
  return filesUnder(join(server.deps.storageDir, '.tmp'))
}

export async function objectRow(server: TestServer, bucket: string, name: string) {
  const { rows } = await server.deps.db.query<{
    id: string
    owner: string | null
    owner_id: string | null
    version: string
    metadata: Record<string, unknown>
    user_metadata: Record<string, unknown> | null
  }>(
    'select id, owner, owner_id, version, metadata, user_metadata from storage.objects where bucket_id = $1 and name = $2',
    [bucket, name],
  )
  return rows[0]
}

export async function objectCount(server: TestServer, bucket: string) {
  const { rows } = await server.deps.db.query<{ n: number }>(
    'select count(*)::int as n from storage.objects where bucket_id = $1',
    [bucket],
  )
  return rows[0]?.n ?? 0
}

export const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex')

/** Byte-for-byte equality, reported as size and digest (a deep diff of large arrays is slow). */
export function expectSameBytes(actual: ArrayBuffer | Uint8Array, expected: Uint8Array) {
  const bytes = actual instanceof Uint8Array ? actual : new Uint8Array(actual)
  expect({ size: bytes.length, md5: md5(bytes) }).toEqual({ size: expected.length, md5: md5(expected) })
  expect(Buffer.compare(bytes, expected)).toBe(0)
}

/** Raw request with a bearer token (the anon key by default, as supabase-js sends), for what supabase-js cannot express. */
export function rawRequest(server: TestServer, path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers)
  headers.set('apikey', server.anonKey)
  headers.set('authorization', `Bearer ${init.token ?? server.anonKey}`)
  return server.request(`/storage/v1${path}`, { ...init, headers })
}

/** The Storage error body of a failed response, with its HTTP status. */
export async function storageFailure(response: Response) {
  return { status: response.status, body: (await response.json()) as Record<string, string> }
}

export function randomBytes(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size)
  for (let i = 0; i < size; i += 65536) crypto.getRandomValues(bytes.subarray(i, Math.min(size, i + 65536)))
  return bytes
}
