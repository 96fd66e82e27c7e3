import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '../../../features/marketing/home-page'
import { homeContent } from '../../../features/marketing/content/home'
import { pageHead } from '../../../lib/seo'

export const Route = createFileRoute('/{-$lang}/_site/')({
  head: () => pageHead({ path: '/', title: homeContent.metaTitle, description: homeContent.metaDescription }),
  component: HomeRoute,
})

function HomeRoute() {
  return <HomePage />
}
