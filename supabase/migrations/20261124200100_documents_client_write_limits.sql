-- Fan-out a client cannot abuse: every document a client records notifies and e-mails staff, so
-- one request (or a loop of them) could flood them. Bounds per request and per minute for clients,
-- checked once per statement after its rows are written, so the whole statement is undone. Staff,
-- the service role and the database owner are not limited. The bounds live in one row that an
-- operator may change with SQL (`update private.client_write_limits set …`).
create schema if not exists private;
revoke all on schema private from public;

create table private.client_write_limits (
  singleton boolean primary key default true constraint client_write_limits_singleton check (singleton),
  documents_per_request integer not null default 10 constraint client_write_limits_per_request check (documents_per_request > 0),
  documents_per_minute integer not null default 30 constraint client_write_limits_per_minute check (documents_per_minute > 0)
);
alter table private.client_write_limits enable row level security;
revoke all on table private.client_write_limits from public;
comment on table private.client_write_limits is
  'How many documents one client may record per request and per minute (checked by documents_client_write_limits).';
insert into private.client_write_limits default values;

create or replace function public.documents_client_write_limits()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  limits private.client_write_limits;
  written integer;
  recent integer;
begin
  if current_setting('role', true) is distinct from 'authenticated' or public.is_admin() then
    return null;
  end if;
  select * into limits from private.client_write_limits;
  select count(*) into written from inserted;
  if written > limits.documents_per_request then
    -- PostgREST answers a PTxyz SQLSTATE with HTTP status xyz.
    raise exception 'Too many documents in one request: at most %', limits.documents_per_request
      using errcode = 'PT413', hint = 'Record your documents in several requests';
  end if;
  select count(*) into recent from public.documents d
  where d.uploaded_by = auth.uid() and d.created_at > now() - interval '1 minute';
  if recent > limits.documents_per_minute then
    raise exception 'Too many documents in a short time: at most % per minute', limits.documents_per_minute
      using errcode = 'PT429', hint = 'Wait a minute and try again';
  end if;
  return null;
end;
$$;

comment on function public.documents_client_write_limits() is
  'Trigger: bounds the documents a client records per statement and per minute (private.client_write_limits).';
revoke execute on function public.documents_client_write_limits() from public, anon, authenticated;

create trigger documents_client_write_limits
  after insert on public.documents
  referencing new table as inserted
  for each statement execute function public.documents_client_write_limits();
