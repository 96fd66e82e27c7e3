// Opening a stored document: the download is recorded, a short-lived URL signed, then the browser
// goes to it (the file is an attachment, so the page stays). Used by the portal's and the admin
// area's document lists. The link's modules (the record, Storage's signing and what their refusals
// mean, with the one error-to-failure reading of decision 0052; the file's name) load when a
// document is first opened: the lists are on the areas' first loads, an opened document is not.
import { useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { DownloadFailure } from './document-link'
import { supabase } from '../supabase'

const downloadMessages: Record<DownloadFailure, MessageDescriptor> = {
  missing: msg`This file is not available any more. Please contact us if you need it.`,
  busy: msg`You have started many downloads in a short time. Please wait a minute and try again.`,
  network: msg`The download could not start: check your connection and try again.`,
  unknown: msg`The download could not start. Please try again.`,
}

const loadLink = () => Promise.all([import('./document-link'), import('./download-name')])

/** The signed URL of a document, or why there is none (the link's modules not reached: the network). */
async function signedUrl(
  id: string,
  storagePath: string,
  name: string,
): Promise<{ url: string } | { kind: DownloadFailure }> {
  let loaded
  try {
    loaded = await loadLink()
  } catch {
    return { kind: 'network' }
  }
  const [link, { downloadName }] = loaded
  try {
    return { url: await link.signedDocumentUrl(supabase, id, storagePath, downloadName(name, storagePath)) }
  } catch (failure) {
    return { kind: failure instanceof link.DownloadError ? failure.kind : 'unknown' }
  }
}

/** Records the download, signs the file and sends the browser to it; the page stays (the file is an attachment). */
export function useOpenDocument() {
  const { i18n } = useLingui()
  const [pending, setPending] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const open = async (id: string, storagePath: string, name: string) => {
    setPending(id)
    setError(null)
    const signed = await signedUrl(id, storagePath, name)
    if ('url' in signed) window.location.assign(signed.url)
    else setError(i18n._(downloadMessages[signed.kind]))
    setPending(null)
  }
  return { open, pending, error }
}
