// Rewrites one section (from its `## ` title to the next) of docs/benchmarks.md with the site
// benchmarks' writer, the section formatted as `npm run lint` expects (Prettier aligns its tables);
// the rest of the file is left as it is. Shared by the server benchmarks.
import { writeDocSection } from './bench.mjs'

export async function replaceSection(docPath: string, title: string, section: string): Promise<void> {
  const prettier = await import('prettier')
  const options = (await prettier.resolveConfig(docPath)) ?? {}
  const formatted = await prettier.format(section, { ...options, filepath: docPath })
  await writeDocSection(docPath, title, formatted, '# Benchmarks\n')
}
