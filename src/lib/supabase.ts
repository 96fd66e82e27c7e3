// The browser's one supabase-js client. Only the portal, the admin area and the auth pages load
// this module (dynamically), so the public pages never download supabase-js.
import { createClient } from '@supabase/supabase-js'
import type { Database } from './database.types'
import { authStorageKey, supabaseAnonKey, supabaseUrl } from '@/config/supabase'

export const supabase = createClient<Database>(supabaseUrl(), supabaseAnonKey(), {
  auth: {
    storageKey: authStorageKey,
    persistSession: true,
    // The auth machine schedules refreshes (docs/decisions/0008), so they never run twice.
    autoRefreshToken: false,
    // Recovery and invite links arrive as `#access_token=…&type=recovery|invite`.
    detectSessionInUrl: true,
    flowType: 'implicit',
  },
})

export type AppSupabaseClient = typeof supabase
