// The links of the header's menus, the mobile menu and the footer, built once from the page list.
import { useLingui } from '@lingui/react'
import { serviceSlugs, specializationSlugs } from '../../lib/pages'
import { useLangPrefix } from '../../lib/use-lang'
import {
  serviceCards as services,
  specializationCards as specializations,
} from '../../features/site/content/site-index'
import type { NavMenuItem } from '../nav-menu/nav-menu'

export function useNavItems(): { services: NavMenuItem[]; specializations: NavMenuItem[] } {
  const { i18n } = useLingui()
  const lang = useLangPrefix()
  return {
    services: serviceSlugs.map((service) => ({
      key: service,
      label: i18n._(services[service].name),
      summary: i18n._(services[service].summary),
      link: { to: '/{-$lang}/services/$service', params: { lang, service } },
    })),
    specializations: specializationSlugs.map((specialization) => ({
      key: specialization,
      label: i18n._(specializations[specialization].name),
      summary: i18n._(specializations[specialization].summary),
      link: { to: '/{-$lang}/specializations/$specialization', params: { lang, specialization } },
    })),
  }
}
