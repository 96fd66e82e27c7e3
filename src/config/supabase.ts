// Where the browser finds Supabase. By default our own server on the same origin with the
// well-known development anon key (public by design); a hosted project sets both at build time.
export const developmentAnonKey =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'

export function supabaseUrl(): string {
  // Prerendering a sign-in page creates the client but requests nothing: any origin will do there.
  return (
    import.meta.env.VITE_SUPABASE_URL || (typeof window === 'undefined' ? 'http://localhost' : window.location.origin)
  )
}

export function supabaseAnonKey(): string {
  return import.meta.env.VITE_SUPABASE_ANON_KEY || developmentAnonKey
}

/** localStorage key of the stored session; read without loading supabase-js (see auth/stored-session.ts). */
export const authStorageKey = 'cauce-data-auth'

/** sessionStorage key of a staff member's preview session ("view as client", lib/auth/view-as.ts). */
export const previewSessionKey = 'cauce-data-view-as-session'
