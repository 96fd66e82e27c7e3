import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '../../../features/site/home-page'
import { homeMeta } from '../../../features/site/content/site-index'
import { pageHead } from '../../../lib/seo'
import { validateHomeSearch } from '../../../lib/auth/area-notice'

export const Route = createFileRoute('/{-$lang}/_site/')({
  head: () => pageHead({ path: '/', ...homeMeta }),
  // ?notice=…: why an area's guard sent a signed-in person home (AreaNotice says it)
  validateSearch: validateHomeSearch,
  component: HomeRoute,
})

function HomeRoute() {
  return <HomePage />
}
