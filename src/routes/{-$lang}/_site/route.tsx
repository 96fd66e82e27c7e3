import { createFileRoute } from '@tanstack/react-router'
import { SiteLayout } from '@/components/site-layout/site-layout'

// The public pages (the site: decision 0054) share the header, the footer and the content area.
// The sign-in pages wear the same frame from their own layout, _sign-in.
export const Route = createFileRoute('/{-$lang}/_site')({
  component: SiteLayout,
})
