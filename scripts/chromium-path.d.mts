/** Path of the system Chromium, or undefined when none is installed. */
export function chromiumPath(): string | undefined
/** Where Debian's `chromium-headless-shell` installs its binary. */
export const headlessShell: string
/** The Chromium the end-to-end tests drive: the headless shell where installed, else chromiumPath(). */
export function testChromiumPath(): string | undefined
/** The flags the end-to-end tests and the site's benchmark start Chromium with. */
export const chromiumFlags: string[]
