import { createFileRoute } from '@tanstack/react-router'
import { CaseStudiesPage } from '../../../../features/site/case-studies-page'
import { caseStudiesMeta } from '../../../../features/site/content/site-index'
import { pageHead } from '../../../../lib/seo'

export const Route = createFileRoute('/{-$lang}/_site/case-studies/')({
  head: () =>
    pageHead({ path: '/case-studies', title: caseStudiesMeta.title, description: caseStudiesMeta.description }),
  component: CaseStudiesPage,
})
