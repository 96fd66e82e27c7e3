-- The auth server writes its e-mails (recovery, sign-in links, notices) in the language of
-- `user_metadata.locale`, as a Supabase e-mail template reads `.Data.locale`. The person chooses
-- their language on their profile: keep the two in step, so a reset asked for by someone whose
-- profile says English arrives in English. Only a change counts: a new profile takes its language
-- from the metadata (or defaults to Spanish), and copying that default back would hide that the
-- language is unknown (the auth server then uses the language of the page that asked). Security
-- definer: the profile's owner may not write auth.users themselves.

create or replace function public.sync_locale_to_auth_metadata()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update auth.users u
     set raw_user_meta_data = coalesce(u.raw_user_meta_data, '{}'::jsonb) || jsonb_build_object('locale', new.locale)
   where u.id = new.id
     and coalesce(u.raw_user_meta_data ->> 'locale', '') is distinct from new.locale;
  return null;
end;
$$;

comment on function public.sync_locale_to_auth_metadata() is
  'Trigger: copies profiles.locale into auth.users.raw_user_meta_data.locale, the language of auth e-mails.';

revoke execute on function public.sync_locale_to_auth_metadata() from public, anon, authenticated;

create trigger profiles_locale_to_auth_metadata
  after update of locale on public.profiles
  for each row execute function public.sync_locale_to_auth_metadata();

-- Accounts whose profile language was changed before this trigger existed (a profile still on the
-- default Spanish with no language in the metadata was never chosen, and stays unknown).
update auth.users u
   set raw_user_meta_data = coalesce(u.raw_user_meta_data, '{}'::jsonb) || jsonb_build_object('locale', p.locale)
  from public.profiles p
 where p.id = u.id
   and p.locale is distinct from coalesce(u.raw_user_meta_data ->> 'locale', 'es');
