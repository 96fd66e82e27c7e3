// Types of the functions of bench.mjs the TypeScript benchmarks use.
/** Replaces the `## title` section of the document (or appends it); `intro` starts a new file. */
export function writeDocSection(docPath: string, title: string, section: string, intro: string): Promise<void>
/** The checkout's short commit, marked when tracked files have uncommitted changes. */
export function gitCommit(): string
/** Whether `url` answers 2xx within 2 s (its body read). */
export function answers(url: string): Promise<boolean>
