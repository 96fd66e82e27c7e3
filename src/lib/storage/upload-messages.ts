// What each upload failure says, in the person's language: one list for the portal's and the
// admin area's upload forms, the drop zone and "Replace file".
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { UploadFailure } from './files'

export const uploadMessages: Record<UploadFailure, MessageDescriptor> = {
  'too-large': msg`The file is too large: the limit is 50 MB.`,
  'wrong-type': msg`This type of file is not accepted. Upload a PDF, Office document, CSV, text, JSON, ZIP or image file.`,
  empty: msg`The file is empty.`,
  network: msg`The upload failed because of a network problem. Check your connection and try again.`,
  denied: msg`You cannot upload files to this project.`,
  exists: msg`A file with this name is already being stored. Please try again.`,
  'too-many': msg`You have sent many files in a short time. Please wait a while and try again.`,
  unknown: msg`The file could not be uploaded. Please try again.`,
}
