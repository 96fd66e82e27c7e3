// An invitation's fields (a person asked to join: e-mail, name, language, and a staff role), as
// both the staff form (src/features/organizations/rules.ts) and the admin-users function
// (supabase/functions/admin-users/handler.ts) check them: each rule once, named by its key. No
// Lingui here, so the function can run it; the form's messages for the keys are in invitation.ts.
import { z } from 'zod'
import { locales, profileRoles } from './vocabularies.ts'
import { oneOf, problem, text } from './rules.ts'

/** The roles a staff member can be invited with (a client's is implied by the organization). */
export const staffRoles = profileRoles.filter((role) => role !== 'client') as ['admin', 'super_admin']

/**
 * Trimmed and in lower case, as accounts are kept; 254 characters at most and a local part of 64
 * (RFC 5321's limits: a mail server refuses longer ones, so the invitation could not be sent).
 */
export const inviteEmail = text.pipe(
  z
    .string()
    .min(1, problem('emailMissing'))
    .max(254, problem('emailLength'))
    .pipe(z.email(problem('emailFormat')))
    .refine((value) => value.slice(0, value.lastIndexOf('@')).length <= 64, problem('emailFormat'))
    .transform((value) => value.toLowerCase()),
)

export const inviteFullName = text.pipe(z.string().min(1, problem('nameMissing')).max(200, problem('nameLength')))

export const inviteLocale = oneOf(locales, 'locale')

export const inviteStaffRole = oneOf(staffRoles, 'role')

/** What each rule says to an API caller (the function's answers are in English). */
export const invitationRuleText: Record<string, string> = {
  emailMissing: 'An e-mail address is required',
  emailLength: 'An e-mail address has at most 254 characters',
  emailFormat: 'Not a valid e-mail address',
  nameMissing: 'A name is required',
  nameLength: 'A name has at most 200 characters',
  locale: 'Choose es or en',
  role: 'Choose admin or super_admin',
}
