// Setting up a TOTP authenticator: name the device, scan the QR code (or type the key), confirm
// with the first code. Until that code is accepted the factor is unverified and protects nothing;
// cancelling, leaving the page or starting again removes it.
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Trans, useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Field } from '@/components/form/field'
import { FormAlert } from '@/components/form/form-alert'
import * as formStyles from '@/components/form/form.css'
import * as layout from '@/components/ui/layout.css'
import {
  cancelTotpEnrolment,
  confirmTotpEnrolment,
  mfaFailureMessage,
  startTotpEnrolment,
  type TotpEnrolment,
} from './account-api'
import { useFocusWhenShown } from '@/lib/use-focus-when-shown'
import * as styles from './account.css'
import { codeRules, factorNameRules } from './validation'

/** `JBSWY3DPEHPK3PXP` → `JBSW Y3DP EHPK 3PXP`: easier to read and to compare. */
export function groupSecret(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ')
}

export function MfaEnrolment({
  onEnrolled,
  onCancelled,
  backup = false,
}: {
  onEnrolled: (name: string) => Promise<void>
  onCancelled: () => void
  /** A second app beside the one in use: the way back in when a phone is lost. */
  backup?: boolean
}) {
  const [enrolment, setEnrolment] = useState<(TotpEnrolment & { name: string }) | null>(null)
  const [failure, setFailure] = useState<MessageDescriptor | null>(null)
  const failureRef = useFocusWhenShown(failure)
  const { i18n } = useLingui()
  // The factor that is set up but not yet confirmed, for the clean-up when the page goes away.
  const pending = useRef<string | null>(null)

  useEffect(
    () => () => {
      if (pending.current) void cancelTotpEnrolment(pending.current)
      pending.current = null
    },
    [],
  )

  async function start(name: string) {
    setFailure(null)
    try {
      const started = await startTotpEnrolment(name)
      pending.current = started.factorId
      setEnrolment({ ...started, name })
    } catch (error) {
      setFailure(mfaFailureMessage(error))
    }
  }

  async function verify(code: string) {
    if (!enrolment) return
    setFailure(null)
    try {
      await confirmTotpEnrolment(enrolment.factorId, code)
    } catch (error) {
      setFailure(mfaFailureMessage(error))
      return
    }
    pending.current = null
    await onEnrolled(enrolment.name)
  }

  async function cancel() {
    const factorId = pending.current
    pending.current = null
    setEnrolment(null)
    setFailure(null)
    if (factorId) await cancelTotpEnrolment(factorId)
    onCancelled()
  }

  return (
    <div className={styles.step} data-testid="mfa-enrolment">
      {failure && <FormAlert ref={failureRef}>{i18n._(failure)}</FormAlert>}
      {enrolment ? (
        <ScanAndVerify enrolment={enrolment} onVerify={verify} onCancel={cancel} />
      ) : (
        <StartForm onStart={start} backup={backup} />
      )}
    </div>
  )
}

function StartForm({ onStart, backup }: { onStart: (name: string) => Promise<void>; backup: boolean }) {
  const { t } = useLingui()
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ name: string }>({ defaultValues: { name: backup ? t`Backup authenticator` : t`Authenticator app` } })

  const submit = handleSubmit(({ name }) => onStart(name.trim()))

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <Field
        label={t`Name of the device or app`}
        hint={<Trans>Helps you recognise it later, for example “Work phone”.</Trans>}
        autoComplete="off"
        error={errors.name?.message}
        {...register(
          'name',
          factorNameRules({
            missing: t`Enter a name for the device.`,
            tooLong: t`A device name has at most 60 characters.`,
          }),
        )}
      />
      <div className={styles.actions}>
        <button type="submit" className={layout.buttonPrimary} disabled={isSubmitting}>
          {isSubmitting ? (
            <Trans>Preparing...</Trans>
          ) : backup ? (
            <Trans>Set up the backup authenticator</Trans>
          ) : (
            <Trans>Set up two-step verification</Trans>
          )}
        </button>
      </div>
    </form>
  )
}

function ScanAndVerify({
  enrolment,
  onVerify,
  onCancel,
}: {
  enrolment: TotpEnrolment
  onVerify: (code: string) => Promise<void>
  onCancel: () => Promise<void>
}) {
  const { t, i18n } = useLingui()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string }>({ defaultValues: { code: '' } })

  useEffect(() => headingRef.current?.focus(), [])

  async function copy() {
    try {
      await navigator.clipboard.writeText(enrolment.secret)
      setCopied('yes')
    } catch {
      setCopied('no')
    }
  }

  const submit = handleSubmit(({ code }) => onVerify(code.replace(/\s/g, '')))

  return (
    <>
      <h3 ref={headingRef} tabIndex={-1} className={styles.subTitle}>
        <Trans>Connect your authenticator app</Trans>
      </h3>
      <ol className={styles.steps}>
        <li className={styles.step}>
          <p className={styles.text}>
            <Trans>
              Scan this QR code with an authenticator app, such as Google Authenticator, Microsoft Authenticator or
              1Password.
            </Trans>
          </p>
          <div className={styles.qrFrame}>
            <img
              className={styles.qr}
              src={enrolment.qrCode}
              alt={t`QR code for setting up two-step verification in your authenticator app`}
              width={192}
              height={192}
            />
          </div>
        </li>
        <li className={styles.step}>
          <p className={styles.text}>
            <Trans>If you cannot scan the code, enter this key in the app instead:</Trans>
          </p>
          <div className={styles.keyRow}>
            <code className={styles.secret} data-testid="mfa-secret">
              {groupSecret(enrolment.secret)}
            </code>
            <button type="button" className={layout.buttonSecondary} onClick={() => void copy()}>
              <Trans>Copy key</Trans>
            </button>
            <span className={styles.copied} role="status">
              {copied === 'yes' && <Trans>Key copied.</Trans>}
              {copied === 'no' && <Trans>Could not copy. Select the key and copy it by hand.</Trans>}
            </span>
          </div>
          <p className={styles.text}>
            <a href={enrolment.uri}>
              <Trans>Open in an authenticator app on this device</Trans>
            </a>
          </p>
        </li>
        <li className={styles.step}>
          <form className={formStyles.form} onSubmit={submit} noValidate>
            <Field
              label={t`6-digit code from the app`}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              error={errors.code?.message}
              {...register('code', codeRules(i18n))}
            />
            <div className={styles.actions}>
              <button type="submit" className={layout.buttonPrimary} disabled={isSubmitting}>
                {isSubmitting ? <Trans>Verifying...</Trans> : <Trans>Verify and turn on</Trans>}
              </button>
              <button type="button" className={layout.buttonSecondary} onClick={() => void onCancel()}>
                <Trans>Cancel</Trans>
              </button>
            </div>
          </form>
        </li>
      </ol>
    </>
  )
}
