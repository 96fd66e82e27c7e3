// Copies the compiled catalogs (locales/{lng}/messages.json) to public/locales/{lng}.json,
// where the app fetches them at run time.
import { mkdir, copyFile } from 'node:fs/promises'

const locales = ['es', 'en']
await mkdir('public/locales', { recursive: true })
await Promise.all(locales.map((lng) => copyFile(`locales/${lng}/messages.json`, `public/locales/${lng}.json`)))
