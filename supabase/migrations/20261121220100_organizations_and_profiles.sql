-- The people and companies of the portal: client organizations (one company, several portal
-- users) and one profile per auth user carrying the role the whole authorization model reads.
-- Their row-level security comes in a later file, once the role helpers exist.

create table public.organizations (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  slug text not null,
  legal_name text,
  tax_id text,
  country_code text,
  industry text,
  website text,
  default_locale text not null default 'es',
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint organizations_name_length check (char_length(btrim(name)) between 2 and 200),
  constraint organizations_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 80),
  constraint organizations_slug_key unique (slug),
  constraint organizations_legal_name_length check (legal_name is null or char_length(legal_name) <= 200),
  constraint organizations_tax_id_length check (tax_id is null or char_length(tax_id) <= 40),
  constraint organizations_country_code_format check (country_code is null or country_code ~ '^[A-Z]{2}$'),
  constraint organizations_industry_length check (industry is null or char_length(industry) <= 100),
  constraint organizations_website_format check (website is null or (website ~ '^https?://[^\s]+$' and char_length(website) <= 300)),
  constraint organizations_default_locale_check check (default_locale in ('es', 'en'))
);

comment on table public.organizations is
  'Client companies. Several portal users (profiles with role client) belong to one organization; projects belong to one organization.';
comment on column public.organizations.default_locale is 'Language for new users and e-mails of this client when a user has none: es or en.';
comment on column public.organizations.is_active is 'Inactive organizations stay for the record; staff stop working for them.';

create trigger organizations_set_updated_at
  before update on public.organizations
  for each row execute function public.set_updated_at();

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text,
  role text not null default 'client',
  organization_id uuid references public.organizations (id) on delete set null,
  full_name text not null default '',
  company text,
  job_title text,
  phone text,
  locale text not null default 'es',
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_role_check check (role in ('client', 'admin', 'super_admin')),
  constraint profiles_locale_check check (locale in ('es', 'en')),
  constraint profiles_full_name_length check (char_length(full_name) <= 200),
  constraint profiles_company_length check (company is null or char_length(company) <= 200),
  constraint profiles_job_title_length check (job_title is null or char_length(job_title) <= 120),
  constraint profiles_phone_format check (phone is null or phone ~ '^\+?[0-9][0-9 ().-]{5,38}$'),
  -- Staff work for the firm, not for a client: only clients belong to an organization.
  constraint profiles_staff_without_organization check (role = 'client' or organization_id is null)
);

comment on table public.profiles is
  'One row per auth user, created by a trigger on auth.users. role (client, admin, super_admin) and organization_id drive every row-level security decision and can only be changed by staff.';
comment on column public.profiles.role is 'client, admin or super_admin. Only a super_admin changes it; never taken from user metadata.';
comment on column public.profiles.organization_id is 'The client organization this user belongs to (null for staff and for clients not yet assigned). Only staff change it.';
comment on column public.profiles.email is 'Copy of auth.users.email, kept in sync by a trigger, so staff can list users without reading the auth schema.';
comment on column public.profiles.locale is 'Preferred language of the portal and of e-mails and notifications: es or en.';
comment on column public.profiles.is_active is 'Deactivated users keep their account but lose every right the role helpers grant.';

create index profiles_organization_id_idx on public.profiles (organization_id);
create index profiles_role_idx on public.profiles (role);

create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function public.set_updated_at();
