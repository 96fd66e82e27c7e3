// admin-users: what staff do to accounts that the REST API cannot do for them, because it needs
// the auth admin API (service role). POST { action, ... }:
//   invite     { email, full_name, locale, organization_id } a client user of an organization
//              (an existing client account without one is attached to it, and told: `attached`),
//              { email, full_name, locale, role }            or a staff member (super_admin only);
//   resend     { user_id } the invitation again, while it has not been accepted;
//   deactivate { user_id } a ban plus profiles.is_active = false: no sign-in, no rights;
//   reactivate { user_id } the reverse;
//   remove_factors { user_id } a client's second factors, when they lost their authenticator:
//              recorded in the activity log, and the auth server tells the client by e-mail.
//              Staff accounts always keep theirs (the admin area needs a second factor).
// The caller is checked first, with their own JWT (is_admin / is_super_admin under row-level
// security); only then does the function act with the service role. Clients are managed by any
// staff member, staff only by a super_admin, and nobody (de)activates themselves. Bad input and
// refusals answer 4xx `{ error: { code, message, field? } }`.
import { z } from 'zod'
import { withCors } from '../_shared/cors.ts'
import {
  callerClient,
  fail,
  json,
  postedJson,
  serviceClient,
  type EdgeFunction,
  type FunctionEnv,
  type TypedClient,
} from '../_shared/runtime.ts'
import {
  inviteEmail,
  inviteFullName,
  inviteLocale,
  inviteStaffRole,
  invitationRuleText,
} from '../_shared/invitation-fields.ts'

/** A ban as long as Go allows (about 100 years): deactivated until someone reactivates. */
export const deactivatedBan = '876000h'

const uuid = z.string().uuid()
// The fields' rules are the staff form's (_shared/invitation-fields.ts), checked again here.
const email = inviteEmail
const fullName = inviteFullName
const locale = inviteLocale

const inviteClient = z.object({
  action: z.literal('invite'),
  email,
  full_name: fullName,
  locale,
  organization_id: uuid,
  role: z.undefined().optional(),
})

const inviteStaff = z.object({
  action: z.literal('invite'),
  email,
  full_name: fullName,
  locale,
  role: inviteStaffRole,
  organization_id: z.undefined().optional(),
})

const userActions = ['resend', 'deactivate', 'reactivate', 'remove_factors'] as const

const onUser = z.object({ action: z.enum(userActions), user_id: uuid })

const actionName = z.object({ action: z.enum(['invite', ...userActions]) })

type Caller = { id: string; isAdmin: boolean; isSuperAdmin: boolean }

/**
 * The first problem zod found, as `field: message`, the field it belongs to and, for the fields'
 * own rules, the rule (the form shows its message for it).
 */
function invalid(error: z.ZodError): Response {
  const issue = error.issues[0]
  const field = issue?.path.map(String).join('.') || undefined
  const rule = issue && issue.message in invitationRuleText ? issue.message : undefined
  const text = rule ? invitationRuleText[rule] : issue?.message
  const message = issue ? `${field ? `${field}: ` : ''}${text}` : 'Invalid request'
  return json(
    { error: { code: 'validation_failed', message, ...(field ? { field } : {}), ...(rule ? { rule } : {}) } },
    400,
  )
}

async function identify(request: Request, env: FunctionEnv): Promise<Caller | Response> {
  const authorization = request.headers.get('Authorization') ?? ''
  const token = authorization.replace(/^Bearer\s+/i, '')
  if (!token || token === env.anonKey) return fail(401, 'not_authenticated', 'Sign in first')
  const caller = callerClient(request, env)
  const { data: user, error: userError } = await caller.auth.getUser(token)
  if (userError || !user.user) return fail(401, 'not_authenticated', 'Your session is not valid; sign in again')
  const [admin, superAdmin] = await Promise.all([caller.rpc('is_admin'), caller.rpc('is_super_admin')])
  if (admin.error || superAdmin.error) return fail(403, 'forbidden', 'Your rights could not be checked')
  return { id: user.user.id, isAdmin: admin.data === true, isSuperAdmin: superAdmin.data === true }
}

/** Where the invitation link lands: the site's set-password page in the invitee's language. */
function redirectTo(request: Request, env: FunctionEnv, lng: 'es' | 'en'): string {
  let origin = env.supabaseUrl
  const header = request.headers.get('Origin')
  if (header) {
    try {
      origin = new URL(header).origin
    } catch {
      // not a URL: keep the project's own origin
    }
  }
  return `${origin}/${lng}/reset-password`
}

/**
 * The staff member's name as the invitation e-mail names them ("Marta Gil at Cauce Data has
 * invited you"), kept in the invitee's user metadata as `invited_by`, where an auth e-mail
 * template reads it (Supabase's templates and Send Email hook get the user's metadata). Their
 * e-mail address when the profile has no name; null when it cannot be read (the e-mail then
 * names the firm only).
 */
async function inviterName(service: TypedClient, caller: Caller): Promise<string | null> {
  const { data } = await service.from('profiles').select('full_name, email').eq('id', caller.id).maybeSingle()
  return data?.full_name?.trim() || data?.email || null
}

interface Target {
  id: string
  email: string | null
  role: string
  locale: string
  is_active: boolean
}

async function loadTarget(service: TypedClient, id: string): Promise<Target | Response> {
  const { data, error } = await service
    .from('profiles')
    .select('id, email, role, locale, is_active')
    .eq('id', id)
    .maybeSingle()
  if (error) return fail(502, 'lookup_failed', 'The account could not be read')
  if (!data) return fail(404, 'user_not_found', 'No such user')
  return data
}

/** Clients are managed by any staff member; staff only by a super_admin. */
function mayManage(caller: Caller, target: Target): Response | null {
  if (target.role === 'client') return null
  if (!caller.isSuperAdmin) return fail(403, 'forbidden', 'Only a super_admin can manage staff accounts')
  return null
}

/** An auth API failure: its 4xx as it is (with a known code), anything else as a failed upstream. */
function authFailure(error: { status?: number; code?: string; message: string }, fallback: string): Response {
  if (error.code === 'email_exists')
    return json(
      { error: { code: 'email_exists', message: 'A user with this e-mail address already exists', field: 'email' } },
      409,
    )
  const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 502
  return fail(status, error.code ?? fallback, error.message)
}

async function invite(request: Request, env: FunctionEnv, caller: Caller, body: unknown): Promise<Response> {
  const staff = typeof body === 'object' && body !== null && 'role' in body && body.role !== undefined
  const parsed = (staff ? inviteStaff : inviteClient).safeParse(body)
  if (!parsed.success) return invalid(parsed.error)
  const input = parsed.data
  if (input.role && !caller.isSuperAdmin) return fail(403, 'forbidden', 'Only a super_admin can invite staff')

  const service = serviceClient(env)
  if (input.organization_id) {
    const { data: organization, error } = await service
      .from('organizations')
      .select('id')
      .eq('id', input.organization_id)
      .maybeSingle()
    if (error) return fail(502, 'lookup_failed', 'The organization could not be read')
    if (!organization)
      return json(
        { error: { code: 'organization_not_found', message: 'No such organization', field: 'organization_id' } },
        404,
      )
  }
  const { data: existing, error: existingError } = await service
    .from('profiles')
    .select('id, role, organization_id, is_active')
    .ilike('email', input.email.replace(/[\\%_]/g, '\\$&'))
    .limit(1)
  if (existingError) return fail(502, 'lookup_failed', 'The accounts could not be read')
  const account = existing[0]
  if (account) {
    const attached = await attachExisting(service, input, account)
    if (attached) return attached
  }

  const invitedBy = await inviterName(service, caller)
  const { data, error } = await service.auth.admin.inviteUserByEmail(input.email, {
    data: { full_name: input.full_name, locale: input.locale, ...(invitedBy ? { invited_by: invitedBy } : {}) },
    redirectTo: redirectTo(request, env, input.locale),
  })
  if (error || !data.user) return authFailure(error ?? { message: 'No user returned' }, 'invite_failed')

  const { error: profileError } = await service
    .from('profiles')
    .update({
      full_name: input.full_name,
      locale: input.locale,
      role: input.role ?? 'client',
      organization_id: input.organization_id ?? null,
      // their contact at the firm, named on the portal's first visit
      invited_by: caller.id,
    })
    .eq('id', data.user.id)
  if (profileError) {
    // Without its organization or role the account would be a stray client: take it back.
    await service.auth.admin.deleteUser(data.user.id)
    return fail(502, 'profile_failed', 'The account could not be set up; nothing was kept')
  }
  return json({ data: { user_id: data.user.id, email: input.email, status: 'invited' } })
}

/**
 * An invitation to an address that already has an account. A client account in use (confirmed)
 * without an organization is attached to this one, and the person is told (a notification,
 * e-mailed in their language); the answer says `attached`. An account nobody has
 * confirmed yet (anyone could have signed up with the address) is invited like a new one: null,
 * and the invitation below resets it. Anything else is a 409 naming why.
 */
async function attachExisting(
  service: TypedClient,
  input: { email: string; organization_id?: string; role?: string },
  account: { id: string; role: string; organization_id: string | null; is_active: boolean },
): Promise<Response | null> {
  if (input.role || account.role !== 'client') return authFailure({ code: 'email_exists', message: '' }, 'email_exists')
  if (!account.is_active) return fail(409, 'user_deactivated', 'Reactivate the account before inviting it again')
  const { data: auth, error } = await service.auth.admin.getUserById(account.id)
  if (error || !auth.user) return fail(502, 'lookup_failed', 'The account could not be read')
  if (!auth.user.email_confirmed_at) return null
  if (account.organization_id === input.organization_id)
    return fail(409, 'already_member', 'This person already belongs to this organization')
  if (account.organization_id) return fail(409, 'other_organization', 'This person belongs to another organization')
  const { error: updateError } = await service
    .from('profiles')
    .update({ organization_id: input.organization_id ?? null })
    .eq('id', account.id)
    .is('organization_id', null)
  if (updateError) return fail(502, 'profile_failed', 'The account could not be attached')
  const { error: noticeError } = await service.rpc('notify_organization_access', { target: account.id })
  if (noticeError) return fail(502, 'notice_failed', 'The account was attached, but the person could not be told')
  return json({ data: { user_id: account.id, email: input.email, status: 'attached' } })
}

async function resend(request: Request, env: FunctionEnv, caller: Caller, userId: string): Promise<Response> {
  const service = serviceClient(env)
  const target = await loadTarget(service, userId)
  if (target instanceof Response) return target
  const refused = mayManage(caller, target)
  if (refused) return refused
  if (!target.is_active) return fail(409, 'user_deactivated', 'Reactivate the account before inviting again')
  const { data: auth, error } = await service.auth.admin.getUserById(target.id)
  if (error || !auth.user?.email) return authFailure(error ?? { message: 'The account has no e-mail' }, 'lookup_failed')
  if (auth.user.email_confirmed_at)
    return fail(409, 'already_accepted', 'This person has already accepted the invitation')
  const lng = target.locale === 'en' ? 'en' : 'es'
  // The e-mail's language follows the account's metadata: keep it in step with the profile, and
  // name whoever sends it this time.
  const invitedBy = await inviterName(service, caller)
  const metadata = auth.user.user_metadata ?? {}
  if (metadata.locale !== lng || (invitedBy && metadata.invited_by !== invitedBy)) {
    const { error: metaError } = await service.auth.admin.updateUserById(target.id, {
      user_metadata: { locale: lng, ...(invitedBy ? { invited_by: invitedBy } : {}) },
    })
    if (metaError) return authFailure(metaError, 'update_failed')
  }
  const { error: inviteError } = await service.auth.admin.inviteUserByEmail(auth.user.email, {
    redirectTo: redirectTo(request, env, lng),
  })
  if (inviteError) return authFailure(inviteError, 'invite_failed')
  return json({ data: { user_id: target.id, status: 'invited' } })
}

async function setActive(env: FunctionEnv, caller: Caller, userId: string, active: boolean): Promise<Response> {
  if (userId === caller.id) return fail(409, 'self', 'You cannot deactivate or reactivate your own account')
  const service = serviceClient(env)
  const target = await loadTarget(service, userId)
  if (target instanceof Response) return target
  const refused = mayManage(caller, target)
  if (refused) return refused
  const { error } = await service.auth.admin.updateUserById(target.id, {
    ban_duration: active ? 'none' : deactivatedBan,
  })
  if (error) return authFailure(error, 'update_failed')
  const { error: profileError } = await service.from('profiles').update({ is_active: active }).eq('id', target.id)
  if (profileError) return fail(502, 'profile_failed', 'The account could not be updated')
  return json({ data: { user_id: target.id, is_active: active } })
}

async function removeFactors(request: Request, env: FunctionEnv, userId: string): Promise<Response> {
  const service = serviceClient(env)
  const target = await loadTarget(service, userId)
  if (target instanceof Response) return target
  if (target.role !== 'client')
    return fail(409, 'staff_factor_required', 'Staff accounts must keep their second factor')
  const { data, error } = await service.auth.admin.mfa.listFactors({ userId: target.id })
  if (error) return authFailure(error, 'lookup_failed')
  const verified = data.factors.filter((factor) => factor.status === 'verified')
  if (verified.length === 0) return fail(409, 'no_factors', 'This person has no second factor to remove')
  for (const factor of data.factors) {
    const { error: deleteError } = await service.auth.admin.mfa.deleteFactor({ id: factor.id, userId: target.id })
    if (deleteError) return authFailure(deleteError, 'delete_failed')
  }
  // With the caller's own JWT: the log names who did it, and the database checks they may.
  const { error: logError } = await callerClient(request, env).rpc('record_mfa_reset', {
    target_user: target.id,
    removed_factors: verified.length,
    // The owner's notice names each one (Supabase Auth sends none for an admin's deletion).
    factor_names: verified.map((factor) => factor.friendly_name ?? ''),
  })
  if (logError) return fail(502, 'log_failed', 'The factors were removed but the activity log could not be written')
  return json({ data: { user_id: target.id, removed_factors: verified.length } })
}

/** The function for one project's settings: served by index.ts on Deno, in-process by our server. */
export const adminUsers: EdgeFunction = (env) => async (request) => {
  if (request.method === 'OPTIONS') return withCors(new Response(null, { status: 204 }))
  return withCors(await handle(request, env))
}

async function handle(request: Request, env: FunctionEnv): Promise<Response> {
  const posted = await postedJson(request)
  if ('refused' in posted) return posted.refused
  const { body } = posted
  const action = actionName.safeParse(body)
  if (!action.success) return invalid(action.error)

  const caller = await identify(request, env)
  if (caller instanceof Response) return caller
  if (!caller.isAdmin) return fail(403, 'forbidden', 'Only staff can manage accounts')

  if (action.data.action === 'invite') return invite(request, env, caller, body)
  const parsed = onUser.safeParse(body)
  if (!parsed.success) return invalid(parsed.error)
  const { user_id: userId } = parsed.data
  switch (parsed.data.action) {
    case 'resend':
      return resend(request, env, caller, userId)
    case 'deactivate':
      return setActive(env, caller, userId, false)
    case 'reactivate':
      return setActive(env, caller, userId, true)
    case 'remove_factors':
      return removeFactors(request, env, userId)
  }
}
