-- Who downloaded what: one row each time the storage API serves a private object, in full, to a
-- signed-in person (through a signed URL, as its signer, or through an authenticated download).
-- Beyond Supabase Storage, which keeps no such record. The API roles get no privilege on it: the
-- server writes it, and a project decides in its own functions who may read which part.
create table if not exists storage.downloads (
  id bigint generated always as identity primary key,
  bucket_id text not null,
  name text not null,
  reader uuid not null,
  downloaded_at timestamptz not null default now()
);

create index if not exists downloads_object_idx on storage.downloads (bucket_id, name, downloaded_at desc);

comment on table storage.downloads is
  'Each full download of a private object by a signed-in person (reader = the JWT sub, or the signer of a signed URL). Written by the storage API only.';
