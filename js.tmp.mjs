import { chromium } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox'] })
const page = await browser.newPage()
const files = []
page.on('response', (r) => { const p = new URL(r.url()).pathname; if (p.endsWith('.js')) files.push(p) })
await page.goto('http://localhost:4390' + (process.argv[2] ?? '/es/client-portal/login'))
await page.waitForLoadState('networkidle')
let total = 0
for (const f of files) { const n = gzipSync(readFileSync('dist' + f), { level: 9 }).length; total += n; console.log((n/1000).toFixed(1).padStart(6), f) }
console.log('total', (total/1000).toFixed(1))
await browser.close()
