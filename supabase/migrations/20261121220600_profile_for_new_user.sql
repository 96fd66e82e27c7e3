-- Every new auth user gets a profile. Name, company and language come from the sign-up
-- metadata, cleaned to fit the profile's constraints so a sign-up never fails on them; role is
-- always `client` and organization always empty: metadata is written by the user, so it can
-- never grant anything. Staff assign the organization afterwards; only a super_admin makes staff.
create or replace function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  requested_locale text := lower(coalesce(meta ->> 'locale', meta ->> 'language', meta ->> 'lang', ''));
begin
  insert into public.profiles (id, email, full_name, company, locale)
  values (
    new.id,
    new.email,
    left(btrim(coalesce(meta ->> 'full_name', meta ->> 'name', '')), 200),
    nullif(left(btrim(coalesce(meta ->> 'company', '')), 200), ''),
    case when left(requested_locale, 2) in ('es', 'en') then left(requested_locale, 2) else 'es' end
  )
  on conflict (id) do nothing;
  return new;
end;
$$;

comment on function public.handle_new_user() is
  'Trigger on auth.users: creates the profile (role client, no organization) from the user metadata.';

revoke execute on function public.handle_new_user() from public, anon, authenticated;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();

-- Keep the profile's copy of the e-mail in step with the account.
create or replace function public.sync_profile_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles set email = new.email where id = new.id and email is distinct from new.email;
  return new;
end;
$$;

comment on function public.sync_profile_email() is 'Trigger on auth.users: copies a changed e-mail to the profile.';

revoke execute on function public.sync_profile_email() from public, anon, authenticated;

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row execute function public.sync_profile_email();
