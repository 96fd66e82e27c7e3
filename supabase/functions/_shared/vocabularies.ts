// The closed lists of codes an Edge Function checks too (the database's `check (x in (...))`
// constraints). They live here, inside supabase/functions, so a deployed function carries them;
// src/lib/vocabularies.ts re-exports them beside the app's other lists.

export const locales = ['es', 'en'] as const
export const profileRoles = ['client', 'admin', 'super_admin'] as const
