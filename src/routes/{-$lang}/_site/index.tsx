import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '../../../features/marketing/home-page'
import { homeMeta } from '../../../features/marketing/content/site-index'
import { pageHead } from '../../../lib/seo'

export const Route = createFileRoute('/{-$lang}/_site/')({
  head: () => pageHead({ path: '/', ...homeMeta }),
  component: HomeRoute,
})

function HomeRoute() {
  return <HomePage />
}
