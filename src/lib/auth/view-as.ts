// "View as client" in the browser (decision 0022). A staff member's preview of a client user's
// portal lives in this tab's sessionStorage only: the staff session (localStorage) is neither
// replaced nor read by the preview, other tabs stay the staff member's, and closing the tab ends
// it. A page load that finds a preview makes the one supabase-js client (lib/supabase.ts) run on
// the preview token; the server keeps it read-only whatever the page does.
import type { SupabaseClient } from '@supabase/supabase-js'
import { previewSessionKey } from '@/config/supabase'
import { isLocale, type Locale } from '@/lib/locale'

const previewKey = 'cauce-data-view-as'
const endedKey = 'cauce-data-view-as-ended'

export interface Preview {
  userId: string
  fullName: string
  organizationName: string
  /** Seconds since the epoch. */
  expiresAt: number
  /** The admin page to return to. */
  returnTo: string
  /** The staff member's language: the banner and the way back speak it (absent: the portal's). */
  staffLocale?: Locale
  /** The client's language, which the portal is shown in. */
  clientLocale?: Locale
}

/** The language a client reads the portal in: their profile's, else `fallback`. */
export function clientPortalLocale(profileLocale: string | null | undefined, fallback: Locale): Locale {
  return isLocale(profileLocale) ? profileLocale : fallback
}

function store(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

function read(): Preview | null {
  const raw = store()?.getItem(previewKey)
  if (!raw) return null
  try {
    return JSON.parse(raw) as Preview
  } catch {
    return null
  }
}

// Read once: a preview starts and ends with a page load.
const current = typeof window === 'undefined' ? null : read()

/** The preview this page runs as, or null for a normal session. */
export function activePreview(): Preview | null {
  return current
}

interface StartAnswer {
  access_token: string
  expires_in: number
  expires_at: number
  user: unknown
  view_as: { user_id: string; full_name: string; organization_name: string | null }
}

/** The function's refusal, with its code for the translated message. */
export class PreviewError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message)
  }
}

/** The staff member's own client: the view-as function acts as them (their token, their rights). */
type StaffClient = Pick<SupabaseClient, 'functions'>

async function callViewAs(staff: StaffClient, action: 'start' | 'end', userId: string): Promise<unknown> {
  const { data, error } = await staff.functions.invoke('view-as', { body: { action, user_id: userId } })
  if (!error) return data
  // The function's own answer (a FunctionsHttpError, told by its Response, so that this module,
  // which lib/supabase.ts imports, takes no code from supabase-js).
  const response = (error as { context?: unknown }).context
  if (response instanceof Response) {
    const body = (await response.json().catch(() => ({}))) as { error?: { code?: string; message?: string } }
    throw new PreviewError(response.status, body.error?.code, body.error?.message ?? response.statusText)
  }
  throw new PreviewError(0, undefined, error instanceof Error ? error.message : 'The function could not be reached')
}

/**
 * Asks the view-as function for a preview of `userId` as the signed-in staff member, keeps it in
 * this tab, and loads the portal (a new page: every cached query and the live connection start
 * afresh).
 */
export async function startPreview(
  staff: StaffClient,
  userId: string,
  portalUrl: string,
  returnTo: string,
  languages?: { staff: Locale; client: Locale },
) {
  const answer = ((await callViewAs(staff, 'start', userId)) as { data: StartAnswer }).data
  const session = { ...answer, token_type: 'bearer', refresh_token: '' }
  const preview: Preview = {
    userId: answer.view_as.user_id,
    fullName: answer.view_as.full_name,
    organizationName: answer.view_as.organization_name ?? '',
    expiresAt: answer.expires_at,
    returnTo,
    staffLocale: languages?.staff,
    clientLocale: languages?.client,
  }
  const storage = store()
  if (!storage) throw new PreviewError(0, undefined, 'sessionStorage is unavailable')
  storage.setItem(previewSessionKey, JSON.stringify(session))
  storage.setItem(previewKey, JSON.stringify(preview))
  window.location.assign(portalUrl)
}

/** Leaves the preview: back to the admin page it came from, where the leaving is recorded. */
export function leavePreview(reason: 'left' | 'expired') {
  const storage = store()
  const preview = current ?? read()
  storage?.removeItem(previewKey)
  storage?.removeItem(previewSessionKey)
  if (preview) storage?.setItem(endedKey, JSON.stringify({ userId: preview.userId, name: preview.fullName, reason }))
  window.location.assign(preview?.returnTo ?? '/')
}

export interface EndedPreview {
  userId: string
  name: string
  reason: 'left' | 'expired'
}

/** In the staff area: the preview this tab has just left, if any (read once, then forgotten). */
export function takeEndedPreview(): EndedPreview | null {
  const storage = store()
  const raw = storage?.getItem(endedKey)
  if (!storage || !raw) return null
  storage.removeItem(endedKey)
  try {
    return JSON.parse(raw) as EndedPreview
  } catch {
    return null
  }
}

/** Records the end of a preview as the staff member (the preview's token may have expired). */
export async function recordPreviewEnd(staff: StaffClient, userId: string): Promise<void> {
  await callViewAs(staff, 'end', userId)
}
