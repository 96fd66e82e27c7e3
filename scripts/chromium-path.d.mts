/** Path of the system Chromium, or undefined when none is installed. */
export function chromiumPath(): string | undefined
