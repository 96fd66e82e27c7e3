-- Shared trigger function: every mutable table keeps `updated_at` current on each update, so the
-- portal can show "last changed" without trusting the client's clock.
create or replace function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

comment on function public.set_updated_at() is 'Trigger: sets updated_at to the transaction time on every update.';

revoke execute on function public.set_updated_at() from public, anon, authenticated;
