// Rewrites one section (from its `## ` title to the next) of docs/benchmarks.md with the site
// benchmarks' writer, then formats the file as `npm run lint` expects (Prettier aligns the tables).
// Shared by the server benchmarks.
import { readFile, writeFile } from 'node:fs/promises'
import { writeDocSection } from './bench.mjs'

export async function replaceSection(docPath: string, title: string, section: string): Promise<void> {
  await writeDocSection(docPath, title, section, '# Benchmarks\n')
  const prettier = await import('prettier')
  const options = (await prettier.resolveConfig(docPath)) ?? {}
  await writeFile(docPath, await prettier.format(await readFile(docPath, 'utf8'), { ...options, filepath: docPath }))
}
