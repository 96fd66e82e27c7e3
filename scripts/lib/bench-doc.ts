// Rewrites one section (from its `## ` title to the next) of docs/benchmarks.md, formatted as
// `npm run lint` expects. Shared by the server benchmarks.
import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'

const INTRO = '# Benchmarks\n'

export async function replaceSection(docPath: string, title: string, section: string): Promise<void> {
  let doc = existsSync(docPath) ? await readFile(docPath, 'utf8') : INTRO
  const lines = doc.split('\n')
  const start = lines.findIndex((line) => line.trim() === title)
  if (start === -1) {
    doc = `${doc.replace(/\n*$/, '')}\n\n${section}`
  } else {
    let end = lines.findIndex((line, index) => index > start && /^#{1,2} /.test(line))
    if (end === -1) end = lines.length
    const before = lines.slice(0, start).join('\n').replace(/\n*$/, '')
    const after = lines.slice(end).join('\n').replace(/^\n*/, '')
    doc = `${before}\n\n${section}${after ? `\n${after}` : ''}`
  }
  // Formatted as `npm run lint` expects (Prettier aligns the tables).
  const prettier = await import('prettier')
  const options = (await prettier.resolveConfig(docPath)) ?? {}
  await writeFile(docPath, await prettier.format(doc, { ...options, filepath: docPath }))
}
