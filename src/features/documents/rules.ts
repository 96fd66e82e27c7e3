// A document's details (a row of documents, the file apart), as the staff upload form and the
// database-error map read them: one zod schema over the form's values, one message per rule, and
// the table's constraints (supabase/migrations/20261121220800_documents.sql) named by the field and
// rule they guard. The file's own rules (type, size) are in src/lib/storage/files.ts, checked before
// upload. tests/integration/schema/entity-rules.test.ts checks the schema and the table agree.
import { z } from 'zod'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { documentCategories } from '@/features/documents/vocabulary'
import { checkbox, checkWith, oneOf, optionalText, problem, text } from '@/lib/rules/check'
import { failuresOf, type Failures } from '@/lib/write-failure'

export const documentMessages = {
  nameLength: msg`Enter a name of at most 255 characters.`,
  description: msg`A description has at most 2,000 characters.`,
  category: msg`Choose a category from the list.`,
} satisfies Record<string, MessageDescriptor>

export type DocumentRule = keyof typeof documentMessages

export const documentFields = ['name', 'category', 'description', 'visibleToClient'] as const

export type DocumentField = (typeof documentFields)[number]

export interface DocumentInput {
  /** Empty: the file's name is used. */
  name: string
  description: string
  category: string
  visibleToClient: boolean
}

export const documentSchema = z.object({
  name: text.pipe(z.string().max(255, problem('nameLength'))),
  category: oneOf(documentCategories, 'category'),
  description: optionalText(2000, 'description'),
  visibleToClient: checkbox,
})

/** The details' columns; `fileName` names the document when the form's name is empty. */
export function toDocumentRow(values: DocumentInput, fileName: string) {
  return {
    name: values.name.trim() || fileName.trim().slice(0, 255),
    description: values.description.trim() || null,
    category: values.category,
    visible_to_client: values.visibleToClient,
  }
}

export function checkDocument(input: Partial<DocumentInput>) {
  return checkWith(documentSchema, documentFields, documentMessages, input)
}

/** The table's constraints, as the field and rule each one guards (the file's are the upload's). */
export const documentConstraints: Record<string, { field: DocumentField; rule: DocumentRule }> = {
  documents_name_length: { field: 'name', rule: 'nameLength' },
  documents_description_length: { field: 'description', rule: 'description' },
  documents_category_check: { field: 'category', rule: 'category' },
}

/** What a refused write of a document means, for its forms (src/lib/write-failure.ts). */
export const documentFailures: Failures = {
  constraints: {
    ...failuresOf(documentConstraints, documentMessages),
    documents_mime_type_format: {
      field: 'file',
      message: msg`This type of file is not accepted. Upload a PDF, Office document, CSV, text, JSON, ZIP or image file.`,
    },
    documents_size_range: { field: 'file', message: msg`The file is too large: the limit is 50 MB.` },
  },
}
