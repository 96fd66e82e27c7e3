// Whether this browser holds a session, read straight from localStorage: the public pages use it
// to decide whether to load the auth module (and supabase-js) at all.
import { authStorageKey } from '@/config/supabase'

export function hasStoredSession(): boolean {
  try {
    return window.localStorage.getItem(authStorageKey) !== null
  } catch {
    return false
  }
}
