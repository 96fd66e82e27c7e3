// Types of the one function of bench.mjs the TypeScript benchmarks use.
/** Replaces the `## title` section of the document (or appends it); `intro` starts a new file. */
export function writeDocSection(docPath: string, title: string, section: string, intro: string): Promise<void>
