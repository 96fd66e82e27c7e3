-- Revocation held by the database (decision 0028, "Revocation check on REST and Storage"). A
-- signed-out session's access token is still a valid signature until it expires; our server
-- refuses it in front of REST and Storage, but PostgREST and Storage on Supabase only verify the
-- signature. So the role helpers themselves now ask that the token still stands: its session
-- (`session_id`) is a live row of auth.sessions, and a staff preview's token (`view_as`, decision
-- 0022) names an open preview (`view_as_id`) whose staff session is live. A revoked token then
-- gets no role from any helper: no organization, no staff rights, not even its own profile or
-- notifications (those policies call mfa_satisfied()). The same rule as our server's check
-- (supabase/server/lib/session-check.ts), which stays in front because it is cheaper.
--
-- Every helper reaches the question through public.mfa_satisfied(), which policies call once per
-- statement as `(select …)`; the question is one primary-key lookup. Tokens without a session
-- (the anon and service-role keys, a token minted by whoever holds the signing key) are as before,
-- as GoTrue treats them; a preview token without its preview id never stands.

create or replace function private.token_stands()
returns boolean
language plpgsql
stable
set search_path = ''
as $$
declare
  claims jsonb := auth.jwt();
  session text := claims ->> 'session_id';
  preview text := claims ->> 'view_as_id';
  uuid_shape constant text := '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
begin
  if nullif(claims ->> 'view_as', '') is not null then
    if preview is null or preview !~ uuid_shape then
      return false;
    end if;
    return exists (
      select 1
      from private.view_as_previews p
      join auth.sessions s on s.id = p.session_id
      where p.id = preview::uuid
        and p.staff_id::text = claims ->> 'view_as'
        and p.client_id::text = claims ->> 'sub'
        and p.ended_at is null and p.ends_at > now()
        and (s.not_after is null or s.not_after > now())
    );
  end if;
  if session is null or session = '' then
    return true;
  end if;
  if session !~ uuid_shape then
    return false;
  end if;
  return exists (
    select 1 from auth.sessions s
    where s.id = session::uuid
      and s.user_id::text = claims ->> 'sub'
      and (s.not_after is null or s.not_after > now())
  );
end
$$;

comment on function private.token_stands() is
  'True unless the request''s JWT names a session (or staff preview) that no longer stands: signed out, revoked, past its end, or a preview left. Tokens naming no session are unaffected.';

revoke execute on function private.token_stands() from public, anon, authenticated, service_role;

-- The one door every helper goes through (is_admin, has_role and so is_client and
-- is_super_admin, current_client_organization_id and so client_project_ids), and which the
-- own-profile and notification policies call directly.
create or replace function public.mfa_satisfied()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.token_stands() then
    return false;
  end if;
  if coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2' then
    return true;
  end if;
  return not exists (
    select 1 from auth.mfa_factors f
    where f.user_id = auth.uid() and f.status = 'verified'
  );
end
$$;

comment on function public.mfa_satisfied() is
  'True when the caller''s token still stands (its session, or staff preview, is live) and either the session is aal2 or the caller has no verified MFA factor. Every role helper asks it.';
