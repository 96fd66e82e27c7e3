/** The firm's mark: three rising bars joined by a stream line. Decorative: the name is text beside it. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="3" y="17" width="6" height="12" rx="1.5" fill="currentColor" opacity="0.55" />
      <rect x="13" y="11" width="6" height="18" rx="1.5" fill="currentColor" opacity="0.8" />
      <rect x="23" y="4" width="6" height="25" rx="1.5" fill="currentColor" />
      <path d="M2 14 C10 14 14 6 30 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}
