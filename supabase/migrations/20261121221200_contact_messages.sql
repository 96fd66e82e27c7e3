-- Contact messages: the leads sent from the public contact form. Anyone (signed in or not) may
-- send one and nothing else; admins read them and move their status; a super_admin manages all.

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  company text,
  phone text,
  interest text,
  message text not null,
  privacy_accepted boolean not null default false,
  marketing_opt_in boolean not null default false,
  status text not null default 'new',
  locale text not null default 'es',
  handled_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint contact_messages_name_length check (char_length(btrim(name)) between 1 and 120),
  constraint contact_messages_email_length check (char_length(email) <= 254),
  constraint contact_messages_email_format check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s.]+$'),
  constraint contact_messages_company_length check (company is null or char_length(company) <= 160),
  constraint contact_messages_phone_length check (phone is null or char_length(phone) <= 40),
  constraint contact_messages_interest_check check (interest is null or interest in (
    'business-intelligence', 'data-architecture', 'data-engineering', 'governance',
    'financial-intelligence', 'customer-intelligence', 'other'
  )),
  constraint contact_messages_message_length check (char_length(btrim(message)) between 1 and 5000),
  -- The form cannot be sent without accepting the privacy notice.
  constraint contact_messages_privacy_accepted check (privacy_accepted),
  constraint contact_messages_status_check check (status in ('new', 'in_progress', 'closed')),
  constraint contact_messages_locale_check check (locale in ('es', 'en'))
);

comment on table public.contact_messages is
  'Leads from the public contact form. anon and authenticated may only insert (with privacy accepted); admins read and update the status; a super_admin manages all.';
comment on column public.contact_messages.interest is 'The service or specialization the visitor asks about (site slug), or other.';
comment on column public.contact_messages.privacy_accepted is 'Must be true: the visitor accepted the privacy notice; created_at records when.';
comment on column public.contact_messages.marketing_opt_in is 'Separate, unticked-by-default consent to receive marketing e-mail.';
comment on column public.contact_messages.status is 'new, in_progress or closed; handled_by records the staff member who last changed it.';

create index contact_messages_status_idx on public.contact_messages (status, created_at desc);
create index contact_messages_handled_by_idx on public.contact_messages (handled_by);

create trigger contact_messages_set_updated_at
  before update on public.contact_messages
  for each row execute function public.set_updated_at();

-- An admin answers leads: only the status changes (and who handled it). A super_admin may
-- correct anything. Security invoker on purpose: current_user must be the caller.
create or replace function public.contact_messages_guard_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and not public.is_super_admin() then
    if (to_jsonb(new) - 'status' - 'handled_by' - 'updated_at') is distinct from
       (to_jsonb(old) - 'status' - 'handled_by' - 'updated_at') then
      raise exception 'Admins can only change the status of a contact message'
        using errcode = '42501';
    end if;
    new.handled_by := old.handled_by;
  end if;
  if new.status is distinct from old.status then
    new.handled_by := coalesce(auth.uid(), new.handled_by);
  end if;
  return new;
end;
$$;

comment on function public.contact_messages_guard_update() is
  'Trigger: records who changed the status; an admin (not super_admin) may change only the status.';

revoke execute on function public.contact_messages_guard_update() from public, anon, authenticated;

create trigger contact_messages_guard_update
  before update on public.contact_messages
  for each row execute function public.contact_messages_guard_update();

alter table public.contact_messages enable row level security;

-- Visitors write only the form's fields: id, status, handler and timestamps are the server's.
revoke all on table public.contact_messages from public, anon, authenticated;
grant insert (name, email, company, phone, interest, message, privacy_accepted, marketing_opt_in, locale)
  on table public.contact_messages to anon, authenticated;
grant select, update, delete on table public.contact_messages to authenticated;
grant all on table public.contact_messages to service_role;

-- Privacy acceptance is left to the named check constraint, so a refused form says why.
create policy "contact_messages: anyone sends a new message"
  on public.contact_messages for insert to anon, authenticated
  with check (status = 'new');

create policy "contact_messages: staff read"
  on public.contact_messages for select to authenticated
  using ((select public.is_admin()));

create policy "contact_messages: staff update"
  on public.contact_messages for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "contact_messages: super_admin deletes"
  on public.contact_messages for delete to authenticated
  using ((select public.is_super_admin()));
