// `npm run db:types`: writes supabase/functions/_shared/database.types.ts from the migrations.
import { writeFile } from 'node:fs/promises'
import { databaseTypesPath, generateDatabaseTypes } from '../supabase/server/db/types/generate'

await writeFile(databaseTypesPath, await generateDatabaseTypes())
console.log(`Wrote ${databaseTypesPath}`)
