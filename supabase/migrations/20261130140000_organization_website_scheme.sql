-- An organization's web address typed without a scheme ("example.com") is taken as an https one,
-- as people write addresses (issue 23, minor 1). The rule is the staff form's
-- (`withWebScheme` in src/lib/rules/organization.ts): text that does not start with a scheme
-- followed by a slash gets `https://` in front; anything else is kept as written, so the check
-- constraint organizations_website_format still refuses ftp://, spaces and more than 300
-- characters. tests/integration/schema/entity-rules.test.ts sends the same addresses through both.

create or replace function public.organizations_website_scheme()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.website is not null and new.website <> '' and new.website !~* '^[a-z][a-z0-9+.-]*:/' then
    new.website := 'https://' || new.website;
  end if;
  return new;
end;
$$;

comment on function public.organizations_website_scheme() is
  'Trigger: an organization''s web address without a scheme gets https:// in front, as the staff form adds it.';

revoke execute on function public.organizations_website_scheme() from public, anon, authenticated;

create trigger organizations_website_scheme
  before insert or update of website on public.organizations
  for each row execute function public.organizations_website_scheme();
