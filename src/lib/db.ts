// Row and write types of our tables, named as the Supabase CLI's generated helpers name them.
import type { Database } from './database.types'

type PublicTables = Database['public']['Tables']

export type TableName = keyof PublicTables
export type Tables<T extends TableName> = PublicTables[T]['Row']
export type TablesInsert<T extends TableName> = PublicTables[T]['Insert']
export type TablesUpdate<T extends TableName> = PublicTables[T]['Update']
