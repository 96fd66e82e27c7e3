// What a client may do with a document they uploaded themselves (decision 0023): give it a new
// file (a new version; an open approval is asked again) or delete it after confirming. The
// database decides who may; these buttons are shown only on the person's own uploads.
import { useRef } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import * as styles from '@/components/ui/page.css'
import { ConfirmButton } from '@/components/ui/confirm-button'
import { ACCEPT, checkFile, UploadError } from '@/lib/storage/files'
import { deleteOwnUpload, RemoveError, replaceOwnUpload, type RemoveFailure } from './own-uploads'
import { uploadMessages } from '@/lib/storage/upload-messages'
import { actionName } from '@/lib/action-name'
import type { Outcome } from '@/components/form/form-alert'
import { PendingButton } from '@/components/ui/pending-button'

const removeMessages: Record<RemoveFailure, MessageDescriptor> = {
  'under-approval': msg`This document is part of an approval and cannot be deleted. Ask the project team if it must go.`,
  gone: msg`This document could not be deleted: it may have been removed already. The list has been refreshed.`,
  network: msg`The document could not be deleted because of a network problem. Check your connection and try again.`,
  unknown: msg`The document could not be deleted. Please try again.`,
}

interface OwnDocument {
  id: string
  name: string
  storage_path: string
}

export function OwnUploadActions({
  document,
  organizationId,
  projectId,
  onOutcome,
  onChanged,
}: {
  document: OwnDocument
  organizationId: string
  projectId: string
  onOutcome: (outcome: Outcome | null) => void
  onChanged: () => Promise<unknown>
}) {
  const { i18n } = useLingui()
  const fileRef = useRef<HTMLInputElement>(null)
  const name = document.name

  const replace = useMutation({
    mutationFn: (file: File) => replaceOwnUpload(document, organizationId, projectId, file),
    onSuccess: ({ name: newName }) =>
      onOutcome({ tone: 'info', text: i18n._(msg`“${newName}” now has the new file, as a new version.`) }),
    onError: (failure) =>
      onOutcome({
        tone: 'error',
        text: i18n._(uploadMessages[failure instanceof UploadError ? failure.kind : 'unknown']),
      }),
    onSettled: () => {
      if (fileRef.current) fileRef.current.value = ''
      return onChanged()
    },
  })

  const remove = useMutation({
    mutationFn: () => deleteOwnUpload(document.storage_path),
    onSuccess: () => onOutcome({ tone: 'info', text: i18n._(msg`“${name}” has been deleted.`) }),
    onError: (failure) =>
      onOutcome({
        tone: 'error',
        text: i18n._(removeMessages[failure instanceof RemoveError ? failure.kind : 'unknown']),
      }),
    onSettled: onChanged,
  })

  return (
    <>
      <input
        ref={fileRef}
        type="file"
        accept={ACCEPT}
        hidden
        aria-label={i18n._(msg`New file for “${name}”`)}
        data-testid="replace-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0]
          if (!file || replace.isPending) return
          try {
            checkFile(file)
          } catch (failure) {
            event.target.value = ''
            if (failure instanceof UploadError) onOutcome({ tone: 'error', text: i18n._(uploadMessages[failure.kind]) })
            return
          }
          onOutcome(null)
          replace.mutate(file)
        }}
      />
      <PendingButton
        className={styles.smallButton}
        pending={replace.isPending}
        aria-label={actionName(i18n, i18n._(replace.isPending ? msg`Uploading...` : msg`Replace file`), name)}
        onClick={() => fileRef.current?.click()}
      >
        {replace.isPending ? <Trans>Uploading...</Trans> : <Trans>Replace file</Trans>}
      </PendingButton>
      <ConfirmButton
        label={<Trans>Delete</Trans>}
        name={actionName(i18n, i18n._(msg`Delete`), name)}
        question={<Trans>Delete “{name}” and its file? This cannot be undone.</Trans>}
        confirmLabel={<Trans>Yes, delete it</Trans>}
        busy={remove.isPending}
        onConfirm={() => {
          onOutcome(null)
          remove.mutate()
        }}
      />
    </>
  )
}
