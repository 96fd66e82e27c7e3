// The well-known keys of Supabase's local development stack. Public by design: they let a fresh
// checkout run without set-up, and the server refuses to start with them in production.
import { developmentAnonKey } from '../../../src/config/supabase'

export const developmentKeys = {
  jwtSecret: 'super-secret-jwt-token-with-at-least-32-characters-long',
  anonKey: developmentAnonKey,
  serviceRoleKey:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU',
} as const
