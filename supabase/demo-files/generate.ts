// The files behind the demo documents of supabase/seed.sql, made from each document's own row: a
// one-page PDF naming the document, its project and organization, or a CSV of plausible rows for
// the data extracts. Pure and deterministic: the same row gives the same bytes on every machine, so
// the seeding (seed.ts) can tell a demo file already in place from any other.
import { createHash } from 'node:crypto'

/** What a demo file is made from: a document, its project and its organization. */
export interface DemoDocument {
  name: string
  description: string | null
  storage_path: string
  mime_type: string
  created_at: Date | string
  project_name: string
  organization_name: string
  /** The organization's working language: its documents, and so their files, are written in it. */
  locale: string
}

/** The demo file of a document, by its type; undefined for types it cannot make. */
export function demoFile(doc: DemoDocument): Buffer | undefined {
  const mediaType = doc.mime_type.split(';')[0]!.trim().toLowerCase()
  if (mediaType === 'application/pdf') return demoPdf(doc)
  if (mediaType === 'text/csv') return demoCsv(doc)
  return undefined
}

// ─── PDF ─────────────────────────────────────────────────────────────────────────────────────
// A hand-assembled PDF 1.4: one A4 page, the standard Helvetica fonts with WinAnsiEncoding (so
// á, é, ñ, «», — show as themselves), text written byte by byte with octal escapes, so the whole
// file is ASCII but for the binary marker on line 2, and the xref table gives exact byte offsets.

// prettier-ignore
const WIN_ANSI_HIGH: Record<string, number> = {
  '€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, 'ˆ': 0x88, '‰': 0x89, 'Š': 0x8a,
  '‹': 0x8b, 'Œ': 0x8c, 'Ž': 0x8e, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97,
  '˜': 0x98, '™': 0x99, 'š': 0x9a, '›': 0x9b, 'œ': 0x9c, 'ž': 0x9e, 'Ÿ': 0x9f,
}

/** A PDF literal string in WinAnsiEncoding; characters the encoding lacks become `?`. */
function pdfText(text: string): string {
  let out = '('
  for (const char of text) {
    const code = char.codePointAt(0)!
    const byte = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) ? code : (WIN_ANSI_HIGH[char] ?? 0x3f)
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`
    else if (byte < 0x20 || byte > 0x7e) out += `\\${byte.toString(8).padStart(3, '0')}`
    else out += String.fromCharCode(byte)
  }
  return `${out})`
}

/** A PDF text string for the document information (UTF-16BE with its byte order mark, in hex). */
function pdfInfoText(text: string): string {
  let hex = 'FEFF'
  for (let i = 0; i < text.length; i += 1) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase()
  return `<${hex}>`
}

/** Greedy word wrap by characters: close enough for Helvetica at the sizes used here. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  return lines
}

interface PdfLine {
  font: 'F1' | 'F2'
  size: number
  gray: number
  y: number
  text: string
}

/** The line that marks a file as made up, in the organization's language. */
function demoMark(doc: DemoDocument): string {
  return doc.locale === 'en' ? 'Cauce Data — demo document' : 'Cauce Data — documento de demostración'
}

function demoPdf(doc: DemoDocument): Buffer {
  const left = 72
  const lines: PdfLine[] = [{ font: 'F1', size: 9, gray: 0.4, y: 790, text: demoMark(doc) }]
  let y = 740
  const add = (font: PdfLine['font'], size: number, gray: number, leading: number, texts: string[]) => {
    for (const text of texts) {
      lines.push({ font, size, gray, y, text })
      y -= leading
    }
  }
  add('F2', 20, 0, 26, wrap(doc.name, 40))
  y -= 6
  add('F1', 13, 0.15, 18, wrap(doc.project_name, 62))
  add('F1', 11, 0.4, 16, [doc.organization_name])
  y -= 18
  if (doc.description) add('F1', 11, 0, 16, wrap(doc.description, 82))
  lines.push({ font: 'F1', size: 8, gray: 0.4, y: 56, text: fileName(doc.storage_path) })

  const content = [
    '0.75 G 0.5 w 72 778 m 523 778 l S',
    ...lines.map(
      (line) => `BT /${line.font} ${line.size} Tf ${line.gray} g ${left} ${line.y} Td ${pdfText(line.text)} Tj ET`,
    ),
    '',
  ].join('\n')

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    `<< /Title ${pdfInfoText(doc.name)} /Subject ${pdfInfoText(doc.project_name)} /Author (Cauce Data) /Producer (Cauce Data demo seed) >>`,
  ]
  // One character is one byte (latin1): the marker line's four characters are its four bytes.
  let pdf = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n'
  const offsets: number[] = []
  objects.forEach((body, index) => {
    offsets.push(pdf.length)
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = pdf.length
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(pdf, 'latin1')
}

function fileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1)
}

// ─── CSV ─────────────────────────────────────────────────────────────────────────────────────
// RFC 4180: comma-separated, CRLF line ends, fields quoted when they need it; UTF-8, decimal
// points. The rows are made up but steady: a generator seeded from the file name makes the same
// file every time.

type Cell = string | number
type Table = { header: string[]; rows: Cell[][] }

function csvField(value: Cell): string {
  const text = String(value)
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

function toCsv({ header, rows }: Table): Buffer {
  return Buffer.from([header, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join(''), 'utf8')
}

/** mulberry32, seeded from the text: small, fast and the same on every machine. */
function randomFrom(seedText: string) {
  let state = createHash('md5').update(seedText).digest().readUInt32LE(0)
  const next = () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    between: (min: number, max: number) => min + (max - min) * next(),
    int: (min: number, max: number) => Math.floor(min + (max - min + 1) * next()),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  }
}

const money = (value: number) => value.toFixed(2)
const isoDate = (date: Date) => date.toISOString().slice(0, 10)
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000)

function demoCsv(doc: DemoDocument): Buffer {
  const name = fileName(doc.storage_path).replace(/\.csv$/i, '')
  const make = csvTables[name]
  return toCsv(
    make
      ? make(doc)
      : {
          header:
            doc.locale === 'en'
              ? ['document', 'project', 'organization', 'note']
              : ['documento', 'proyecto', 'organizacion', 'nota'],
          rows: [[doc.name, doc.project_name, doc.organization_name, demoMark(doc)]],
        },
  )
}

const csvTables: Record<string, (doc: DemoDocument) => Table> = {
  // A retailer's daily sales by store, first quarter: January sales (rebajas) with deep discounts
  // and thinner margins, busier Fridays and Saturdays, stores closed on Sundays and holidays.
  'ventas-por-tienda-2025': (doc) => {
    const random = randomFrom(doc.storage_path)
    const stores = [
      ['RIB-001', 'Madrid Gran Vía', 'Madrid', 18500],
      ['RIB-002', 'Barcelona Diagonal', 'Barcelona', 16800],
      ['RIB-003', 'Valencia Ruzafa', 'Valencia', 11200],
      ['RIB-004', 'Sevilla Nervión', 'Sevilla', 9800],
      ['RIB-005', 'Zaragoza Delicias', 'Zaragoza', 7600],
      ['RIB-006', 'Bilbao Abando', 'Bizkaia', 8900],
    ] as const
    const holidays = new Set(['2025-01-01', '2025-01-06'])
    const rows: Cell[][] = []
    for (let day = new Date(Date.UTC(2025, 0, 1)); day < new Date(Date.UTC(2025, 3, 1)); day = addDays(day, 1)) {
      const weekday = day.getUTCDay()
      if (weekday === 0 || holidays.has(isoDate(day))) continue
      const month = day.getUTCMonth()
      const discountRate = [0.19, 0.08, 0.04][month]! * random.between(0.85, 1.15)
      const marginRate = [0.27, 0.31, 0.33][month]! + random.between(-0.015, 0.015)
      const busy = weekday === 6 ? 1.35 : weekday === 5 ? 1.15 : 1
      for (const [id, store, province, base] of stores) {
        const net = Math.round(base * busy * random.between(0.88, 1.12) * 100) / 100
        const gross = Math.round((net / (1 - discountRate)) * 100) / 100
        const tickets = Math.round(net / random.between(36, 46))
        const units = Math.round(tickets * random.between(2.1, 2.7))
        rows.push([
          isoDate(day),
          id,
          store,
          province,
          tickets,
          units,
          money(gross),
          money(gross - net),
          money(net),
          money(net * marginRate),
        ])
      }
    }
    return {
      header: [
        'fecha',
        'tienda_id',
        'tienda',
        'provincia',
        'tickets',
        'unidades',
        'ventas_brutas_eur',
        'descuentos_eur',
        'ventas_netas_eur',
        'margen_bruto_eur',
      ],
      rows,
    }
  },

  // An anonymised sample of consumer loans originated in the last third quarter before the file
  // was sent; riskier scores run later, and short products are often already repaid.
  'loan-book-sample-q3': (doc) => {
    const random = randomFrom(doc.storage_path)
    const sent = new Date(doc.created_at)
    const year = sent.getUTCMonth() >= 9 ? sent.getUTCFullYear() : sent.getUTCFullYear() - 1
    const start = new Date(Date.UTC(year, 6, 1))
    const products = [
      { product: 'consumer_loan', min: 1_500_000, max: 20_000_000, terms: [12, 18, 24, 36] },
      { product: 'bnpl', min: 200_000, max: 3_000_000, terms: [3, 6, 9, 12] },
      { product: 'salary_advance', min: 300_000, max: 2_000_000, terms: [1, 2, 3] },
    ]
    const regions = [
      'Bogotá D.C.',
      'Bogotá D.C.',
      'Antioquia',
      'Antioquia',
      'Valle del Cauca',
      'Atlántico',
      'Santander',
      'Cundinamarca',
      'Bolívar',
      'Risaralda',
    ]
    const ages = ['18-24', '25-34', '25-34', '35-44', '35-44', '45-54', '55+']
    const originations = Array.from({ length: 240 }, () => random.int(0, 91)).sort((a, b) => a - b)
    let serial = random.int(4000, 6000)
    const rows = originations.map((offset): Cell[] => {
      serial += random.int(1, 37)
      const roll = random.next()
      const kind = roll < 0.5 ? products[0]! : roll < 0.8 ? products[1]! : products[2]!
      const score = random.int(420, 890)
      const principal = Math.round(random.between(kind.min, kind.max) / 50_000) * 50_000
      const rate = Math.min(28.9, 16.5 + (890 - score) * 0.018 + random.between(-1, 1))
      const income = Math.round(random.between(1_400_000, 12_000_000) / 10_000) * 10_000
      const term = random.pick(kind.terms)
      const risk = (890 - score) / 470 // 0 best … 1 worst
      const miss = random.next()
      const dpd = miss < 0.72 - risk * 0.3 ? 0 : miss < 0.9 - risk * 0.2 ? random.int(1, 30) : random.int(31, 150)
      const repaid = term <= 3 && dpd === 0 && random.next() < 0.7
      const status = repaid ? 'paid_off' : dpd === 0 ? 'current' : dpd > 90 ? 'default' : 'delinquent'
      return [
        `LN-${String(serial).padStart(7, '0')}`,
        isoDate(addDays(start, offset)),
        kind.product,
        random.pick(['app', 'app', 'web', 'partner_merchant']),
        term,
        principal,
        rate.toFixed(2),
        income,
        random.pick(ages),
        random.pick(regions),
        score,
        repaid ? 0 : dpd,
        status,
      ]
    })
    return {
      header: [
        'loan_id',
        'origination_date',
        'product',
        'channel',
        'term_months',
        'principal_cop',
        'interest_rate_ea_pct',
        'monthly_income_cop',
        'age_band',
        'region',
        'credit_score',
        'days_past_due',
        'status',
      ],
      rows,
    }
  },

  // Candidate model inputs with their source, owner and meaning, and the credit committee's call.
  // prettier-ignore
  'feature-catalogue': () => ({
    header: ['feature', 'source_system', 'source_field', 'owner', 'data_type', 'business_meaning', 'status'],
    rows: [
      ['monthly_income_cop', 'Onboarding app', 'applicant.declared_income', 'Risk', 'decimal', 'Declared monthly income, checked against payroll deposits where available', 'selected'],
      ['debt_to_income_ratio', 'Credit bureau, onboarding app', 'derived', 'Risk', 'decimal', 'Share of income already committed to debt payments', 'selected'],
      ['bureau_score', 'Credit bureau', 'score.value', 'Risk', 'integer', 'External credit score at application time', 'selected'],
      ['months_since_first_credit', 'Credit bureau', 'history.first_account_date', 'Risk', 'integer', "Length of the applicant's credit history", 'selected'],
      ['max_dpd_12m', 'Credit bureau', 'accounts.max_days_past_due_12m', 'Risk', 'integer', 'Worst delinquency in the last twelve months', 'selected'],
      ['num_inquiries_6m', 'Credit bureau', 'inquiries.count_6m', 'Risk', 'integer', 'Recent credit searches; many suggest credit hunger', 'candidate'],
      ['requested_amount_to_income', 'Loan origination', 'application.amount', 'Risk', 'decimal', 'Requested amount relative to monthly income', 'selected'],
      ['previous_loans_repaid', 'Loan origination', 'loans.status', 'Risk', 'integer', 'Kuntur Pay loans repaid in full before this one', 'selected'],
      ['employment_type', 'Onboarding app', 'applicant.employment', 'Risk', 'category', 'Salaried, self-employed or informal', 'selected'],
      ['wallet_tenure_months', 'Wallet platform', 'customer.created_at', 'Product', 'integer', 'How long the customer has used the wallet', 'selected'],
      ['salary_deposit_regularity', 'Wallet platform', 'transfers.inbound', 'Data', 'decimal', 'Share of months with a salary-like deposit', 'selected'],
      ['avg_wallet_balance_3m', 'Wallet platform', 'balances.daily', 'Data', 'decimal', 'Average wallet balance over the last three months', 'candidate'],
      ['card_txn_count_3m', 'Card processor', 'transactions', 'Data', 'integer', 'Spending activity, a proxy for income stability', 'candidate'],
      ['late_bill_payments_6m', 'Bill payments', 'payments.due_vs_paid', 'Operations', 'integer', 'Utility and phone bills paid after their due date', 'candidate'],
      ['region', 'Onboarding app', 'applicant.address.department', 'Risk', 'category', 'Department of residence', 'candidate'],
      ['device_age_days', 'Mobile app', 'device.first_seen', 'Fraud', 'integer', 'Days since the device was first seen; a fraud signal, not a credit one', 'rejected'],
      ['age_band', 'Onboarding app', 'applicant.birth_date', 'Compliance', 'category', 'For fairness monitoring only, never a model input', 'rejected'],
      ['gender', 'Onboarding app', 'applicant.gender', 'Compliance', 'category', 'Protected attribute: excluded', 'rejected'],
    ],
  }),

  // Critical data elements traced from their source system to the regulatory report they feed. The
  // regulators' reports keep their Colombian names (SFC, UIAF, SIC); the rest is in Kuntur Pay's
  // working language, English.
  // prettier-ignore
  'regulatory-compliance-map': () => ({
    header: ['element_id', 'critical_data_element', 'domain', 'source_system', 'owner', 'regulatory_report', 'frequency', 'quality_check', 'status'],
    rows: [
      ['CDE-001', 'Outstanding principal per loan', 'Loan book', 'Loan core', 'Chief Risk Officer', 'SFC — Loan portfolio', 'Monthly', 'Reconciled with accounting (difference < 0.1 %)', 'Traced'],
      ['CDE-002', 'Days past due', 'Loan book', 'Loan core', 'Chief Risk Officer', 'SFC — Loan portfolio', 'Monthly', 'Recomputed from the repayment schedule', 'Traced'],
      ['CDE-003', 'Loan risk rating', 'Credit risk', 'Scoring engine', 'Chief Risk Officer', 'SFC — Loan portfolio', 'Monthly', 'Consistent with days past due', 'Traced'],
      ['CDE-004', 'Expected credit loss provision', 'Credit risk', 'Provisioning model', 'Accounting', 'SFC — Financial statements', 'Monthly', 'Reviewed by the risk committee', 'Traced'],
      ['CDE-005', 'Loan write-offs', 'Loan book', 'Loan core', 'Accounting', 'SFC — Financial statements', 'Quarterly', 'Approved by the board', 'Traced'],
      ['CDE-006', 'Effective annual interest rate', 'Products', 'Loan core', 'Product', 'SFC — Interest rates', 'Weekly', 'Checked against the current usury rate', 'Traced'],
      ['CDE-007', 'Customer identification number', 'Customers', 'Onboarding', 'Operations', 'UIAF — Transaction report', 'Monthly', 'Format and check digit', 'Traced'],
      ['CDE-008', 'Cash transactions above the threshold', 'Transactions', 'Payments platform', 'Compliance officer', 'UIAF — Cash transactions', 'Monthly', 'Reconciled with the processor', 'In review'],
      ['CDE-009', 'Suspicious transactions', 'Anti-money laundering', 'SARLAFT system', 'Compliance officer', 'UIAF — Suspicious activity report (ROS)', 'When it happens', 'Double manual review', 'Traced'],
      ['CDE-010', 'Wallet deposit balance', 'Liabilities', 'Wallet platform', 'Treasury', 'SFC — Liquidity risk (IRL)', 'Weekly', 'Reconciled with the banks', 'Traced'],
      ['CDE-011', 'Available liquid assets', 'Liquidity', 'Treasury', 'Treasury', 'SFC — Liquidity risk (IRL)', 'Weekly', 'Reconciled with bank statements', 'In review'],
      ['CDE-012', 'Consent to data processing', 'Customers', 'Onboarding', 'Head of Data', 'SIC — Habeas data (Law 1581)', 'Yearly', 'Quarterly sample of consents', 'Traced'],
      ['CDE-013', 'Complaints and claims', 'Customer service', 'CRM', 'Operations', 'SFC — Consumer complaints', 'Quarterly', 'Cross-checked with the CRM', 'Traced'],
      ['CDE-014', 'Cybersecurity incidents', 'Operational risk', 'Service desk', 'Head of security', 'SFC — Cybersecurity', 'When it happens', 'Severity review', 'Pending'],
    ],
  }),

  // The effort and cost estimate of a proposal, by phase and profile, with its total.
  'estimacion-inicial': () => {
    const lines = [
      ['Descubrimiento y diseño', 'Arquitecto de datos', 8, 950],
      ['Descubrimiento y diseño', 'Jefe de proyecto', 4, 850],
      ['Ingesta de eventos de almacén', 'Ingeniero de datos', 22, 720],
      ['Ingesta de eventos de tienda', 'Ingeniero de datos', 18, 720],
      ['Modelo de inventario en tiempo casi real', 'Ingeniero de datos', 15, 720],
      ['Cuadro de inventario y alertas', 'Analista BI', 10, 650],
      ['Pruebas y calidad de datos', 'Ingeniero de calidad de datos', 8, 600],
      ['Puesta en producción y formación', 'Ingeniero de datos', 5, 720],
      ['Gestión del proyecto', 'Jefe de proyecto', 9, 850],
    ] as const
    const days = lines.reduce((sum, [, , d]) => sum + d, 0)
    const cost = lines.reduce((sum, [, , d, rate]) => sum + d * rate, 0)
    return {
      header: ['fase', 'perfil', 'jornadas', 'tarifa_dia_eur', 'coste_eur'],
      rows: [
        ...lines.map(([phase, profile, d, rate]): Cell[] => [phase, profile, d, money(rate), money(d * rate)]),
        ['Total', '', days, '', money(cost)],
      ],
    }
  },
}
