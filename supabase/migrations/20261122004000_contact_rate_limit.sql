-- Contact form rate limit, in the database so it holds on hosted Supabase too: at most 5 messages
-- per sender address per hour from the API roles (anon, authenticated). The address is read from
-- the request headers the API puts into every transaction (`request.headers`): `x-real-ip`, else
-- the first `x-forwarded-for` hop. Our server always sets `x-real-ip` itself, from the address it
-- resolved (TRUST_PROXY decides whether X-Forwarded-For is believed), over anything a client sent.
-- On hosted Supabase the gateway sets these headers; a client-sent X-Forwarded-For hop is not
-- proof of anything there, so this is a brake on careless bots, not an identity check.
--
-- The address is never stored: only a salted SHA-256 of it (sender_fingerprint), written by the
-- BEFORE INSERT trigger alone. The salt lives in a schema no API role can read, so the hash
-- cannot be reversed by trying every IPv4 address.

create schema if not exists private;
revoke all on schema private from public;
comment on schema private is 'Internal data no API role can reach (not exposed through the REST API).';

create table private.contact_fingerprint_salt (
  singleton boolean primary key default true constraint contact_fingerprint_salt_singleton check (singleton),
  salt text not null
);
alter table private.contact_fingerprint_salt enable row level security;
revoke all on table private.contact_fingerprint_salt from public;
comment on table private.contact_fingerprint_salt is
  'The secret salt of contact_messages.sender_fingerprint, made once per database.';

insert into private.contact_fingerprint_salt (salt)
values (encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text || clock_timestamp()::text, 'UTF8')), 'hex'));

alter table public.contact_messages add column sender_fingerprint text;
comment on column public.contact_messages.sender_fingerprint is
  'Salted SHA-256 of the sender''s IP address (never the address), set by a trigger; counts messages per sender for the rate limit.';

create index contact_messages_sender_fingerprint_idx
  on public.contact_messages (sender_fingerprint, created_at)
  where sender_fingerprint is not null;

create or replace function public.contact_messages_rate_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  headers jsonb := coalesce(nullif(current_setting('request.headers', true), '')::jsonb, '{}'::jsonb);
  caller text := coalesce(auth.role(), '');
  address text;
  fingerprint text;
  recent integer;
begin
  address := nullif(btrim(headers ->> 'x-real-ip'), '');
  if address is null then
    address := nullif(btrim(split_part(headers ->> 'x-forwarded-for', ',', 1)), '');
  end if;

  -- Only the trigger writes the fingerprint; whatever the row came with is replaced.
  new.sender_fingerprint := null;
  -- Staff imports (service_role) and the database owner's own SQL are not limited.
  if caller not in ('anon', 'authenticated') then
    return new;
  end if;

  -- Callers whose address is unknown share one bucket: no header is no way around the limit.
  select encode(sha256(convert_to(s.salt || '|' || coalesce(lower(address), 'unknown'), 'UTF8')), 'hex')
    into fingerprint
    from private.contact_fingerprint_salt s;
  new.sender_fingerprint := fingerprint;

  -- Two messages from one address at the same moment are counted one after the other.
  perform pg_advisory_xact_lock(hashtextextended('contact_messages_rate_limit:' || fingerprint, 0));
  select count(*) into recent
    from public.contact_messages m
   where m.sender_fingerprint = fingerprint and m.created_at > now() - interval '1 hour';
  if recent >= 5 then
    -- PT429: PostgREST (and our REST layer) answer HTTP 429 with this code in the body.
    raise exception 'Too many contact messages from this address. Try again later.'
      using errcode = 'PT429',
            detail = 'At most 5 messages per hour are accepted from one address.',
            hint = 'contact_messages_rate_limit';
  end if;
  return new;
end;
$$;

comment on function public.contact_messages_rate_limit() is
  'Trigger: stamps sender_fingerprint (salted hash of the caller''s address) and refuses a 6th message per address and hour (PT429).';

revoke execute on function public.contact_messages_rate_limit() from public, anon, authenticated;

create trigger contact_messages_rate_limit
  before insert on public.contact_messages
  for each row execute function public.contact_messages_rate_limit();

-- The form also accepts only digits, spaces, + ( ) and - in a phone number; say so by name.
alter table public.contact_messages
  add constraint contact_messages_phone_format check (phone is null or phone ~ '^[0-9+() -]*$');

-- btrim() in the length checks trims spaces only: a name or message of line breaks and tabs got
-- through. A text must hold something other than white space.
alter table public.contact_messages
  add constraint contact_messages_name_not_blank check (name ~ '[^[:space:]]'),
  add constraint contact_messages_message_not_blank check (message ~ '[^[:space:]]');
