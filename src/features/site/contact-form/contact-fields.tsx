// The contact form's fields, in the order the rules list them, and the honeypot. Each field's
// wiring (id, value, error, react-hook-form's registration) comes from the form.
import type { UseFormRegisterReturn } from 'react-hook-form'
import { Trans, useLingui } from '@lingui/react/macro'
import { CheckboxField, Field, SelectField, TextAreaField } from '@/components/form/field'
import { siteConfig } from '@/config/site'
import { serviceSlugs, specializationSlugs } from '@/lib/pages'
import { serviceCards as services, specializationCards as specializations } from '../content/site-index'
import { privacyNoticeId } from './privacy-notice'
import { contactFieldId } from './contact-alerts'
import type { ContactValues } from './rules'
import * as styles from './contact-form.css'

export type TextField = Exclude<keyof ContactValues, 'privacy' | 'marketing' | 'website'>
export type CheckField = 'privacy' | 'marketing'

interface Control extends UseFormRegisterReturn {
  id: string
  error?: string
}

interface ContactFieldsProps {
  /** A text field's wiring (its value as the server's answer gave it, when there is one). */
  text: (field: TextField) => Control & { defaultValue?: string }
  /** A checkbox's wiring. */
  check: (field: CheckField) => Control & { defaultChecked?: boolean }
  /** The honeypot's registration. */
  honeypot: UseFormRegisterReturn
}

export function ContactFields({ text, check, honeypot }: ContactFieldsProps) {
  const { t, i18n } = useLingui()
  const interestOptions = [
    { value: '', label: t`Choose an option` },
    ...serviceSlugs.map((slug) => ({ value: slug, label: i18n._(services[slug].name) })),
    ...specializationSlugs.map((slug) => ({ value: slug, label: i18n._(specializations[slug].name) })),
    { value: 'other', label: t`Something else` },
  ]
  const firm = siteConfig.name
  return (
    <>
      <Field label={t`Name`} autoComplete="name" aria-required="true" {...text('name')} />
      <Field
        label={t`E-mail`}
        type="email"
        inputMode="email"
        autoComplete="email"
        aria-required="true"
        hint={t`We reply to this address.`}
        {...text('email')}
      />
      <Field label={t`Company or organization`} autoComplete="organization" aria-required="true" {...text('company')} />
      <Field
        label={t`Phone (optional)`}
        type="tel"
        autoComplete="tel"
        hint={t`If you would rather we call you.`}
        {...text('phone')}
      />
      <SelectField
        label={t`What is your enquiry about?`}
        options={interestOptions}
        aria-required="true"
        {...text('interest')}
      />
      <TextAreaField
        label={t`Message`}
        rows={8}
        aria-required="true"
        hint={t`What you would like to change, which systems and data are involved, and your timeline. Up to 5,000 characters.`}
        {...text('message')}
      />

      {/* Honeypot: out of sight, out of the tab order and hidden from screen readers. */}
      <div className={styles.honeypot} aria-hidden="true">
        <label htmlFor={contactFieldId('website')}>
          <Trans>Website (leave this field empty)</Trans>
        </label>
        <input id={contactFieldId('website')} type="text" tabIndex={-1} autoComplete="off" {...honeypot} />
      </div>

      <CheckboxField
        label={
          <Trans>
            I have read the <a href={`#${privacyNoticeId}`}>basic information on data protection</a>.
          </Trans>
        }
        aria-required="true"
        {...check('privacy')}
      />
      <CheckboxField
        label={t`Send me occasional news about ${firm}'s services and events.`}
        hint={t`Optional. You can unsubscribe at any time with one click.`}
        {...check('marketing')}
      />
    </>
  )
}
