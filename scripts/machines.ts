// `npm run machines`: writes docs/machines/ (see scripts/machine-docs.ts).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { machineDocs } from './machine-docs'

const dir = join(import.meta.dirname, '..', 'docs', 'machines')
mkdirSync(dir, { recursive: true })
const files = machineDocs()
for (const stale of readdirSync(dir)) if (!(stale in files)) rmSync(join(dir, stale))
for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content)
console.log(`docs/machines: ${Object.keys(files).sort().join(', ')}`)
