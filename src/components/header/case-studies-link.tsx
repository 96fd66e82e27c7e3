// The site's link to the case studies (header, mobile menu, footer): current on the list itself,
// not on one case study.
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useLangPrefix } from '@/lib/use-lang'

export function CaseStudiesLink({ className, onClick }: { className: string; onClick?: () => void }) {
  const lang = useLangPrefix()
  return (
    <Link
      to="/{-$lang}/case-studies"
      params={{ lang }}
      activeOptions={{ exact: true }}
      className={className}
      onClick={onClick}
    >
      <Trans>Case studies</Trans>
    </Link>
  )
}
