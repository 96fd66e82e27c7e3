// Starts the embedded database over: removes DATA_DIR (default .data), so the next start
// migrates and seeds a fresh one. A DATABASE_URL database is left alone.
import { rm } from 'node:fs/promises'

const dir = process.env.DATA_DIR || '.data'
if (process.env.DATABASE_URL) {
  console.error('DATABASE_URL is set: drop and recreate that database yourself; nothing was removed.')
  process.exit(1)
}
await rm(dir, { recursive: true, force: true })
console.log(`Removed ${dir}/. The next "npm start" creates and seeds a fresh database.`)
