// Every Edge Function of the project, by the name it is invoked with.
import type { EdgeFunction } from './runtime'
import { adminUsers } from './admin-users'

export const functions: Record<string, EdgeFunction> = {
  'admin-users': adminUsers,
}
