// Every Edge Function of the project (supabase/functions/<name>/handler.ts), by the name it is
// invoked with, for our server to run in-process.
import type { EdgeFunction } from '../../functions/_shared/runtime.ts'
import { adminUsers } from '../../functions/admin-users/handler.ts'
import { dashboardEmbed } from '../../functions/dashboard-embed/handler.ts'
import { sendAuthEmail } from '../../functions/send-auth-email/handler.ts'
import { sendNotifications } from '../../functions/send-notifications/handler.ts'
import { viewAs } from '../../functions/view-as/handler.ts'

export const functions: Record<string, EdgeFunction> = {
  'admin-users': adminUsers,
  'dashboard-embed': dashboardEmbed,
  'send-auth-email': sendAuthEmail,
  'send-notifications': sendNotifications,
  'view-as': viewAs,
}
