import { createFileRoute } from '@tanstack/react-router'
import { ContactPage } from '../../../features/site/contact-page'
import { contactMeta } from '../../../features/site/content/site-index'
import { pageHead } from '../../../lib/seo'

export const Route = createFileRoute('/{-$lang}/_site/contact')({
  head: () => pageHead({ path: '/contact', ...contactMeta }),
  component: ContactRoute,
})

function ContactRoute() {
  return <ContactPage />
}
