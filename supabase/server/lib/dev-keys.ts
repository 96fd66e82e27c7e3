// The well-known keys of Supabase's local development stack. Public by design: they let a fresh
// checkout run without set-up, and the server refuses to start with them in production.
import { developmentAnonKey } from '../../../src/config/supabase'

export const developmentKeys = {
  jwtSecret: 'super-secret-jwt-token-with-at-least-32-characters-long',
  anonKey: developmentAnonKey,
  serviceRoleKey:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU',
  /**
   * The access-token signing key of development (ES256). Public like the rest: tokens it signs
   * are only trusted by development servers, and production refuses to start with it.
   */
  signingKeys: JSON.stringify([
    {
      kty: 'EC',
      crv: 'P-256',
      alg: 'ES256',
      kid: 'cauce-dev-es256-1',
      x: 'V4plgdYTwn4heewVr4YENI79hw6KkWj7DNFhhgqyFWw',
      y: 'KiJgQ7ZiACrEpXP0efdhxgdC9uEN1GIsQibVH5XvP5c',
      d: '3b9P34POQsB6fmVLib5j4xLq7mTz2ghFr-3HFIw9KJQ',
    },
  ]),
} as const
