import { createFileRoute } from '@tanstack/react-router'
import { SiteLayout } from '../../../components/site-layout/site-layout'

// The public pages share the header, the footer and the content area.
export const Route = createFileRoute('/{-$lang}/_site')({
  component: SiteLayout,
})
