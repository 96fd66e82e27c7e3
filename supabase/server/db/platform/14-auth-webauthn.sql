-- Passkeys (WebAuthn) as a second factor, in the columns Supabase Auth keeps them in: a factor's
-- credential record and its authenticator's model (AAGUID), the last ceremony it passed, and a
-- challenge's expected ceremony. A separate file so that databases bootstrapped before it get it too.
alter table auth.mfa_factors drop constraint if exists mfa_factors_factor_type_check;
alter table auth.mfa_factors add constraint mfa_factors_factor_type_check check (factor_type in ('totp', 'webauthn'));
alter table auth.mfa_factors add column if not exists web_authn_credential jsonb;
alter table auth.mfa_factors add column if not exists web_authn_aaguid uuid;
alter table auth.mfa_factors add column if not exists last_webauthn_challenge_data jsonb;
alter table auth.mfa_challenges add column if not exists web_authn_session_data jsonb;
