// The bucket API through supabase-js: the service role creates, reads, updates, empties and
// deletes buckets; without a policy on storage.buckets a user can do none of it.
import { expect, it } from 'vitest'
import { describeOnOneDatabase, useTestServer } from '../support/server'
import { bucketFiles, useStorageFixtures } from './support'

describeOnOneDatabase('storage buckets on %s', (kind) => {
  const server = useTestServer(kind)
  const f = useStorageFixtures(server)

  it('lets the service role create and read a bucket with limits', async () => {
    const created = await f.serviceClient.storage.createBucket('st-created', {
      public: false,
      fileSizeLimit: '1.5MB',
      allowedMimeTypes: ['image/*'],
    })
    expect(created).toEqual({ data: { name: 'st-created' }, error: null })
    const { data, error } = await f.serviceClient.storage.getBucket('st-created')
    expect(error).toBeNull()
    expect(data).toMatchObject({
      id: 'st-created',
      name: 'st-created',
      public: false,
      file_size_limit: 1_500_000,
      allowed_mime_types: ['image/*'],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    const list = await f.serviceClient.storage.listBuckets()
    expect(list.data!.map((bucket) => bucket.id)).toEqual(
      expect.arrayContaining(['st-created', 'st-docs', 'st-public']),
    )
    const searched = await f.serviceClient.storage.listBuckets({ search: 'CREATED' })
    expect(searched.data!.map((bucket) => bucket.id)).toEqual(['st-created'])

    const again = await f.serviceClient.storage.createBucket('st-created')
    expect(again.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' })
    const badName = await f.serviceClient.storage.createBucket('st/bad')
    expect(badName.error).toMatchObject({ status: 400, statusCode: '400', message: 'Bucket name invalid' })
  })

  it('refuses bucket changes to users without a policy, and hides buckets from them', async () => {
    const created = await f.aliceClient.storage.createBucket('st-alice')
    expect(created.error).toMatchObject({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    })
    const anon = await f.anonClient.storage.createBucket('st-anon')
    expect(anon.error).toMatchObject({ statusCode: '403' })
    expect((await f.aliceClient.storage.getBucket('st-created')).error).toMatchObject({
      statusCode: '404',
      message: 'Bucket not found',
    })
    expect((await f.aliceClient.storage.listBuckets()).data).toEqual([])
    expect((await f.aliceClient.storage.deleteBucket('st-created')).error).toMatchObject({ statusCode: '404' })
    expect((await f.serviceClient.storage.getBucket('st-created')).error).toBeNull()
  })

  it('updates settings, which then apply to uploads', async () => {
    const updated = await f.serviceClient.storage.updateBucket('st-created', {
      public: true,
      fileSizeLimit: 10,
      allowedMimeTypes: null,
    })
    expect(updated).toEqual({ data: { message: 'Successfully updated' }, error: null })
    const big = await f.serviceClient.storage.from('st-created').upload('a.txt', 'more than ten bytes')
    expect(big.error).toMatchObject({ statusCode: '413' })
    const small = await f.serviceClient.storage.from('st-created').upload('a.txt', 'ten bytes!')
    expect(small.error).toBeNull()
    const response = await server.request(f.anonClient.storage.from('st-created').getPublicUrl('a.txt').data.publicUrl)
    expect(await response.text()).toBe('ten bytes!')
    expect((await f.serviceClient.storage.updateBucket('st-none', { public: true })).error).toMatchObject({
      statusCode: '404',
    })
  })

  it('deletes only an empty bucket, and empties one with its files', async () => {
    const full = await f.serviceClient.storage.deleteBucket('st-created')
    expect(full.error).toMatchObject({
      status: 400,
      statusCode: '409',
      message: 'The bucket you tried to delete is not empty',
    })
    expect(await bucketFiles(server, 'st-created')).toHaveLength(1)
    expect(await f.serviceClient.storage.emptyBucket('st-created')).toEqual({
      data: { message: 'Empty bucket has been queued. Completion may take up to an hour.' },
      error: null,
    })
    expect(await bucketFiles(server, 'st-created')).toHaveLength(0)
    expect(await f.serviceClient.storage.deleteBucket('st-created')).toEqual({
      data: { message: 'Successfully deleted' },
      error: null,
    })
    expect((await f.serviceClient.storage.getBucket('st-created')).error).toMatchObject({ statusCode: '404' })
  })
})
