import { createFileRoute } from '@tanstack/react-router'
import { ContactPage } from '../../../features/marketing/contact-page'
import { contactContent } from '../../../features/marketing/content/contact'
import { pageHead } from '../../../lib/seo'

export const Route = createFileRoute('/{-$lang}/_site/contact')({
  head: () =>
    pageHead({ path: '/contact', title: contactContent.metaTitle, description: contactContent.metaDescription }),
  component: ContactRoute,
})

function ContactRoute() {
  return <ContactPage />
}
