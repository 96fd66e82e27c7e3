// Opening a stored document: the download is recorded, a short-lived URL signed, then the browser
// goes to it (the file is an attachment, so the page stays). Used by the portal's and the admin
// area's document lists.
import { useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { DownloadError, signedDocumentUrl, type DownloadFailure } from './document-link'
import { downloadName } from './download-name'
import { supabase } from '../supabase'

const downloadMessages: Record<DownloadFailure, MessageDescriptor> = {
  missing: msg`This file is not available any more. Please contact us if you need it.`,
  busy: msg`You have started many downloads in a short time. Please wait a minute and try again.`,
  network: msg`The download could not start: check your connection and try again.`,
  unknown: msg`The download could not start. Please try again.`,
}

/** Records the download, signs the file and sends the browser to it; the page stays (the file is an attachment). */
export function useOpenDocument() {
  const { i18n } = useLingui()
  const [pending, setPending] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const open = async (id: string, storagePath: string, name: string) => {
    setPending(id)
    setError(null)
    try {
      const url = await signedDocumentUrl(supabase, id, storagePath, downloadName(name, storagePath))
      window.location.assign(url)
    } catch (failure) {
      const kind = failure instanceof DownloadError ? failure.kind : 'unknown'
      setError(i18n._(downloadMessages[kind]))
    } finally {
      setPending(null)
    }
  }
  return { open, pending, error }
}
