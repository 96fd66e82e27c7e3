import { describe, expect, it } from 'vitest'
import { storageKey } from '@/lib/storage/files'
import { documentWriteFailure, nameAfterReplace } from '@/features/documents/portal/own-uploads'

const org = '0a000000-0000-4000-8000-000000000001'
const project = '1a000000-0000-4000-8000-000000000001'

describe('nameAfterReplace', () => {
  it('takes the new file’s name when the document was named after its old file', () => {
    const key = storageKey(org, project, 'Ventas de marzo.csv')
    expect(nameAfterReplace('Ventas de marzo.csv', key, { name: 'Ventas de abril.xlsx' })).toBe('Ventas de abril.xlsx')
    // A seeded key has no <time>-<random>- prefix.
    expect(nameAfterReplace('ventas.csv', `${org}/${project}/ventas.csv`, { name: 'ventas-v2.csv' })).toBe(
      'ventas-v2.csv',
    )
  })

  it('keeps a title the person gave', () => {
    const key = storageKey(org, project, 'export-0427.csv')
    expect(nameAfterReplace('Ventas por tienda, revisión', key, { name: 'export-0501.csv' })).toBe(
      'Ventas por tienda, revisión',
    )
  })
})

describe('documentWriteFailure', () => {
  it('says what a refused document row means to the person', () => {
    expect(documentWriteFailure({})).toBe('network')
    expect(documentWriteFailure({ code: 'PT429' })).toBe('too-many')
    expect(documentWriteFailure({ code: '42501' })).toBe('denied')
    expect(documentWriteFailure({ code: '23514' })).toBe('unknown')
  })
})
