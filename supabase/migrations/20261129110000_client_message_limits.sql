-- Conversation messages a client can send are bounded like their documents (20261124200100): every
-- message notifies everyone on the project and a mention e-mails the person mentioned, so one
-- request of 200 messages (the body limit holds thousands) was a flood of e-mails. A client may
-- write at most messages_per_request messages in one request and messages_per_minute in a minute;
-- past either the request is undone and answered 429 (PT429). Staff, the service role and the
-- database owner are not limited, as with documents. The bounds sit beside the others in
-- private.client_write_limits, which an operator may change with SQL.
--
-- Checked before each row rather than once after the statement: the refusal comes at the first
-- row past a bound, before the rows' notification triggers run, so a request of thousands of rows
-- costs a handful of inserts and is answered 429 (not cut off later by the statement timeout).
-- Rows written earlier in the same request are visible to the check; one request is one
-- transaction (REST and PostgREST alike), and every row of a transaction has the same created_at
-- (the guard sets it to now()), which is how the rows of this request are told apart.

alter table private.client_write_limits
  add column messages_per_request integer not null default 5
    constraint client_write_limits_messages_per_request check (messages_per_request > 0),
  add column messages_per_minute integer not null default 20
    constraint client_write_limits_messages_per_minute check (messages_per_minute > 0);

comment on column private.client_write_limits.messages_per_request is
  'How many conversation messages one client may write in one request.';
comment on column private.client_write_limits.messages_per_minute is
  'How many conversation messages one client may write within a minute.';

-- The check reads a client's own recent messages.
create index conversation_messages_author_created_idx on public.conversation_messages (author_id, created_at);

create or replace function public.conversation_messages_client_write_limits()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  limits private.client_write_limits;
  this_request integer;
  last_minute integer;
begin
  if current_setting('role', true) is distinct from 'authenticated' or public.is_admin() then
    return new;
  end if;
  select * into limits from private.client_write_limits;
  select count(*) filter (where m.created_at = now()), count(*)
    into this_request, last_minute
    from public.conversation_messages m
   where m.author_id = auth.uid() and m.created_at > now() - interval '1 minute';
  if this_request >= limits.messages_per_request then
    -- PostgREST answers a PTxyz SQLSTATE with HTTP status xyz.
    raise exception 'Too many messages in one request: at most %', limits.messages_per_request
      using errcode = 'PT429', hint = 'Send your messages one by one';
  end if;
  if last_minute >= limits.messages_per_minute then
    raise exception 'Too many messages in a short time: at most % per minute', limits.messages_per_minute
      using errcode = 'PT429', hint = 'Wait a minute and try again';
  end if;
  return new;
end;
$$;

comment on function public.conversation_messages_client_write_limits() is
  'Trigger: bounds the conversation messages a client writes per request and per minute (private.client_write_limits).';
revoke execute on function public.conversation_messages_client_write_limits()
  from public, anon, authenticated, service_role;

create trigger conversation_messages_client_write_limits
  before insert on public.conversation_messages
  for each row execute function public.conversation_messages_client_write_limits();
