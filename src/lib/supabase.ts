// The browser's one supabase-js client. Only the portal, the admin area and the auth pages load
// this module (dynamically), so the public pages never download supabase-js.
import { createClient } from '@supabase/supabase-js'
import type { Database } from './database.types'
import { authStorageKey, previewSessionKey, supabaseAnonKey, supabaseUrl } from '@/config/supabase'
import { activePreview } from './auth/view-as'

/** Never constructed: only the prerenderer's client has it, and it opens no channel. */
class NoSocket {
  constructor() {
    throw new Error('No WebSocket while prerendering')
  }
}

// A staff member's preview of a client's portal (lib/auth/view-as.ts) runs on its own session kept in
// this tab's sessionStorage; the staff session in localStorage is left untouched.
const preview = activePreview() !== null

export const supabase = createClient<Database>(supabaseUrl(), supabaseAnonKey(), {
  auth: {
    storageKey: preview ? previewSessionKey : authStorageKey,
    ...(preview ? { storage: window.sessionStorage } : {}),
    persistSession: true,
    // The auth machine schedules refreshes (docs/decisions/0008), so they never run twice.
    autoRefreshToken: false,
    // Recovery and invite links arrive as `#access_token=…&type=recovery|invite`.
    detectSessionInUrl: !preview,
    flowType: 'implicit',
  },
  // Prerendering a sign-in page (no window) creates this client and never connects: Node 20 has no
  // WebSocket of its own, which Realtime's constructor asks for unless given a transport.
  realtime: typeof window === 'undefined' ? { transport: NoSocket as never } : {},
})

export type AppSupabaseClient = typeof supabase
