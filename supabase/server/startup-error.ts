// A start-up that cannot go on for a reason the operator can fix: index.ts prints its message
// alone (no stack trace) and exits.
export class StartupError extends Error {
  override name = 'StartupError'
}
