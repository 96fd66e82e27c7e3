// The pure parts of the admin activity log and leads: CSV quoting, the URL filters and the
// reply link.
import { describe, expect, it } from 'vitest'
import { csvCell, fileSlug, toCsv } from '../../src/lib/csv'
import { validateActivitySearch } from '../../src/features/activity/admin/search'
import { replyHref } from '../../src/features/leads/admin/reply'
import { validateLeadsSearch } from '../../src/features/leads/admin/search'

describe('CSV', () => {
  it('quotes only what needs it, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('a, b')).toBe('"a, b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell(' padded')).toBe('" padded"')
    expect(csvCell(null)).toBe('')
    expect(csvCell(3)).toBe('3')
  })

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)")
    expect(csvCell('@cmd')).toBe("'@cmd")
    expect(csvCell('+1, 2')).toBe(`"'+1, 2"`)
  })

  it('starts with a UTF-8 BOM and ends rows with CRLF', () => {
    const csv = toCsv([
      ['Fecha', 'Descripción'],
      ['2026-11-22 10:00:00', 'Proyecto “Año”'],
    ])
    expect(csv.charCodeAt(0)).toBe(0xfeff)
    expect(csv.slice(1)).toBe('Fecha,Descripción\r\n2026-11-22 10:00:00,Proyecto “Año”\r\n')
    expect(new TextEncoder().encode(csv).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]))
  })

  it("names an export's file after the project in safe characters", () => {
    expect(fileSlug('Análisis de Ventas 2025 (España)')).toBe('analisis-de-ventas-2025-espana')
    expect(fileSlug('“Ñandú” / Ópticas')).toBe('nandu-opticas')
    expect(fileSlug('¿?')).toBe('project')
    expect(fileSlug('x'.repeat(80))).toHaveLength(60)
  })
})

describe('activity search params', () => {
  const id = '1b000000-0000-4000-8000-000000000001'
  it('keeps valid filters and drops the rest', () => {
    expect(validateActivitySearch({ org: id, project: 'nope', from: '2026-02-28', to: '2026-02-30', page: 3 })).toEqual(
      {
        org: id,
        from: '2026-02-28',
        page: 3,
      },
    )
    expect(validateActivitySearch({ page: 1, person: id.toUpperCase() })).toEqual({ person: id })
    expect(validateActivitySearch({ page: '2' })).toEqual({ page: 2 })
  })
  it('keeps only real days, written as text', () => {
    expect(validateActivitySearch({ from: '2028-02-29', to: '2026-13-01' })).toEqual({ from: '2028-02-29' })
    expect(validateActivitySearch({ from: ['2028-02-29'], to: 20280229 })).toEqual({})
  })
})

describe('leads', () => {
  it('accepts only known statuses', () => {
    expect(validateLeadsSearch({ status: 'lost' })).toEqual({ status: 'lost' })
    // The statuses before the pipeline (decision 0038) are no longer a view.
    expect(validateLeadsSearch({ status: 'closed' })).toEqual({})
    expect(validateLeadsSearch({ status: 'spam' })).toEqual({})
    expect(validateLeadsSearch({ view: 'list', mine: '1' })).toEqual({ view: 'list', mine: 1 })
    expect(validateLeadsSearch({ view: 'grid', mine: 'yes' })).toEqual({})
  })

  it('replies in the lead’s language', () => {
    const lead = { email: 'tom+x@example.net', name: 'Tom', message: 'Hi & bye', created_at: '2026-11-01T10:00:00Z' }
    const english = new URL(replyHref({ ...lead, locale: 'en' }))
    expect(english.protocol).toBe('mailto:')
    expect(decodeURIComponent(english.pathname)).toBe('tom+x@example.net')
    expect(english.searchParams.get('subject')).toBe('Your enquiry to Cauce Data')
    expect(english.searchParams.get('body')).toMatch(/^Dear Tom,\n\nThank you for getting in touch\./)
    expect(english.searchParams.get('body')).toContain('> Hi & bye')
    const spanish = new URL(replyHref({ ...lead, name: 'Elena', locale: 'es' }))
    expect(spanish.searchParams.get('subject')).toBe('Su consulta a Cauce Data')
    expect(spanish.searchParams.get('body')).toMatch(/^Estimado\/a Elena:/)
  })

  it('replies to a hostile stored address without adding its Bcc or subject', () => {
    const email = 'mallory@evil.example?bcc=spy%40attacker.example&subject=hi'
    const reply = new URL(
      replyHref({ email, name: 'M', message: 'x', locale: 'en', created_at: '2026-11-01T10:00:00Z' }),
    )
    expect(decodeURIComponent(reply.pathname)).toBe(email)
    expect([...reply.searchParams.keys()]).toEqual(['subject', 'body'])
    expect(reply.searchParams.get('subject')).toBe('Your enquiry to Cauce Data')
  })
})
