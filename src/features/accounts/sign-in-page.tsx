// Sign-in for clients (/client-portal/login) and staff (/admin/login), on the same auth: e-mail
// and password, then the TOTP code when the account has a verified factor. Afterwards the user
// goes back where they were heading, or to their dashboard.
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import { Trans, useLingui } from '@lingui/react/macro'
import { Field, PasswordField } from '@/components/form/field'
import { FormAlert } from '@/components/form/form-alert'
import * as formStyles from '@/components/form/form.css'
import * as layout from '@/components/ui/layout.css'
import { useLangPrefix } from '@/lib/use-lang'
import { useHydrated } from '@/lib/hydration'
import { loadAuth, loadSettledAuth } from '@/lib/auth/loader'
import { hasStoredSession } from '@/lib/auth/stored-session'
import { useLoadedAuthSelector } from '@/lib/auth/use-loaded-auth'
import type { AuthFailure } from '@machines/auth.machine'
import type { Audience } from '@/lib/auth/guards'
import { safeRedirect, type LoginNotice } from '@/lib/auth/redirect'
import { authFailureMessage } from '@/lib/auth/messages'
import { heldBack, recordRequest, type NextLink } from '@/lib/auth/link-requests'
import { withLangPrefix } from '@/lib/pages'
import { emailRules } from './validation'
import * as styles from './auth.css'

// The steps after the password need the auth module, which is loaded by then (decision 0031).
const SignInCodeStep = lazy(() => import('./code-step').then((module) => ({ default: module.SignInCodeStep })))
const LinkSentStep = lazy(() => import('./link-sent-step').then((module) => ({ default: module.LinkSentStep })))

interface Credentials {
  email: string
  password: string
}

export function SignInPage({ audience }: { audience: Audience }) {
  const { t, i18n } = useLingui()
  const lang = useLangPrefix()
  const navigate = useNavigate()
  // The raw search can hold what validateSearch dropped, so the target is checked again here.
  const search: { redirect?: string; notice?: LoginNotice } = useSearch({ strict: false })
  const redirectTo = safeRedirect(search.redirect)
  // The page is prerendered without a session or a query string (decision 0031): what depends on
  // them shows once the page has hydrated, so hydration meets the markup it expects.
  const hydrated = useHydrated()
  // The auth module (supabase-js, XState) loads on the first use of the form, not before the paint.
  const codeAsked = useLoadedAuthSelector((snapshot) => snapshot.matches('mfaRequired'), false)
  const needsCode = hydrated && codeAsked
  const [failure, setFailure] = useState<AuthFailure | null>(null)
  // The address a sign-in link was sent to (and when another may be asked for): the page then
  // offers the code from that e-mail.
  const [linkSent, setLinkSent] = useState<{ email: string; next: NextLink } | null>(null)
  const alertRef = useRef<HTMLDivElement>(null)
  const home = audience === 'client' ? '/{-$lang}/client-portal/dashboard' : '/{-$lang}/admin/dashboard'

  async function proceed() {
    const { whenSettled, isAdmin, isClient } = await loadAuth()
    const snapshot = await whenSettled()
    if (!snapshot.matches('signedIn')) return
    const allowed = audience === 'client' ? isClient(snapshot) : isAdmin(snapshot)
    if (redirectTo && allowed) await navigate({ href: redirectTo, replace: true })
    else if (allowed) await navigate({ to: home, params: { lang }, replace: true })
    // Signed in, but this door is not theirs (a client at the staff login or the reverse).
    else
      await navigate({
        to: isAdmin(snapshot) ? '/{-$lang}/admin/dashboard' : '/{-$lang}/client-portal/dashboard',
        params: { lang },
        replace: true,
      })
  }

  // Someone already signed in who opens the login page goes straight on (only a browser holding a
  // session needs the auth module at once).
  useEffect(() => {
    if (hasStoredSession()) void proceed()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, [])

  useEffect(() => {
    if (failure) alertRef.current?.focus()
  }, [failure])

  const title = audience === 'client' ? t`Sign in to the client portal` : t`Staff sign-in`

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title" className={styles.title}>
          {title}
        </h1>
        {failure && <FormAlert ref={alertRef}>{i18n._(authFailureMessage(failure))}</FormAlert>}
        {/* Arrived from "Sign out": said until the person tries to sign in again. */}
        {hydrated && search.notice === 'signed-out' && !failure && !needsCode && !linkSent && (
          <FormAlert tone="info">
            <Trans>You have signed out: your session on this device has ended.</Trans>
          </FormAlert>
        )}
        {needsCode ? (
          <Suspense>
            <SignInCodeStep onFailure={setFailure} onDone={proceed} />
          </Suspense>
        ) : linkSent ? (
          <Suspense>
            <LinkSentStep
              email={linkSent.email}
              next={linkSent.next}
              onFailure={setFailure}
              onDone={proceed}
              onBack={() => {
                setFailure(null)
                setLinkSent(null)
              }}
            />
          </Suspense>
        ) : (
          <PasswordStep
            audience={audience}
            home={home}
            onFailure={setFailure}
            onDone={proceed}
            onLinkSent={(email, next) => setLinkSent({ email, next })}
          />
        )}
      </section>
    </div>
  )
}

function PasswordStep({
  audience,
  home,
  onFailure,
  onDone,
  onLinkSent,
}: {
  audience: Audience
  home: string
  onFailure: (failure: AuthFailure | null) => void
  onDone: () => Promise<void>
  onLinkSent: (email: string, next: NextLink) => void
}) {
  const { t, i18n } = useLingui()
  const lang = useLangPrefix()
  // Prerendered, the form can be typed into at once; it is sent once the app has started.
  const hydrated = useHydrated()
  const [sendingLink, setSendingLink] = useState(false)
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<Credentials>({ defaultValues: { email: '', password: '' } })

  // Only the address is needed: the password field may stay empty.
  async function sendLink() {
    onFailure(null)
    if (!(await trigger('email'))) return
    const email = getValues('email').trim()
    // Asked again within the minute: the server would send nothing, so nothing is asked.
    const repeat = heldBack(email)
    if (repeat) {
      onLinkSent(email, repeat)
      return
    }
    setSendingLink(true)
    // The link comes back to this audience's dashboard, in the language of this page.
    const redirectTo = window.location.origin + withLangPrefix(home.replace('/{-$lang}', ''), i18n.locale)
    const { requestSignInLink } = await import('@/lib/auth/email-links')
    const failure = await requestSignInLink(email, redirectTo)
    setSendingLink(false)
    // Only failures that say nothing about the account are shown: too many requests, no network.
    if (failure && (failure.retryable || failure.status === 429)) onFailure(failure)
    else onLinkSent(email, recordRequest(email))
  }

  const submit = handleSubmit(async ({ email, password }) => {
    onFailure(null)
    const { auth } = await loadSettledAuth()
    const failure = await auth.signIn(email.trim(), password)
    if (failure) onFailure(failure)
    else await onDone()
  })

  return (
    // The auth module starts loading when the person first turns to the form (it is needed to send it).
    <form className={formStyles.form} onSubmit={submit} onFocus={() => void loadAuth()} noValidate>
      <p className={styles.intro}>
        {audience === 'client' ? (
          <Trans>Follow your projects, documents, reports and tasks.</Trans>
        ) : (
          <Trans>For Cauce Data staff only.</Trans>
        )}
      </p>
      <Field
        label={t`E-mail`}
        type="email"
        autoComplete="username"
        inputMode="email"
        error={errors.email?.message}
        {...register('email', emailRules(i18n))}
      />
      <PasswordField
        label={t`Password`}
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password', { required: t`Enter your password.` })}
      />
      <button type="submit" className={`${layout.buttonPrimary} ${styles.submit}`} disabled={!hydrated || isSubmitting}>
        {isSubmitting ? <Trans>Signing in...</Trans> : <Trans>Sign in</Trans>}
      </button>
      <button
        type="button"
        className={`${layout.buttonSecondary} ${styles.submit}`}
        disabled={!hydrated || sendingLink || isSubmitting}
        onClick={() => void sendLink()}
      >
        {sendingLink ? <Trans>Sending...</Trans> : <Trans>E-mail me a sign-in link</Trans>}
      </button>
      <div className={styles.links}>
        <Link
          to={audience === 'client' ? '/{-$lang}/client-portal/forgot-password' : '/{-$lang}/admin/forgot-password'}
          params={{ lang }}
        >
          <Trans>Forgot your password?</Trans>
        </Link>
      </div>
    </form>
  )
}
