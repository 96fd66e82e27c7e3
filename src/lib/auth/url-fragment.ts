// The URL fragment as the page was opened, captured when the app starts: supabase-js consumes
// and clears `#access_token=…` or `#error=…` when it loads, but the reset page still needs to
// know whether it came from an invite, a recovery link, or a link that had expired.
const initial = typeof window === 'undefined' ? '' : window.location.hash

export interface LinkOutcome {
  type?: string
  errorCode?: string
  /** The link brought a session (`#access_token=…`), which supabase-js will read when it loads. */
  carriesSession: boolean
}

/** The fragment the page was opened with. */
export function initialFragment(): string {
  return initial
}

export function initialLinkOutcome(): LinkOutcome {
  const params = new URLSearchParams(initial.replace(/^#/, ''))
  return {
    type: params.get('type') ?? undefined,
    errorCode: params.get('error_code') ?? (params.get('error') ? 'unknown' : undefined),
    carriesSession: params.has('access_token'),
  }
}
