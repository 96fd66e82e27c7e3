// The demo data's fixed identifiers (supabase/seed.sql), named for what they are, so the RLS and
// schema tests can say "a client of Almacenes Ribera reads the dashboard project".
export const organizations = {
  ribera: '0a000000-0000-4000-8000-000000000001',
  kuntur: '0b000000-0000-4000-8000-000000000001',
} as const

export const users = {
  superAdmin: 'a0000000-0000-4000-8000-000000000001',
  admin: 'a0000000-0000-4000-8000-000000000002',
  /** Almacenes Ribera, es. */
  lucia: 'c0000000-0000-4000-8000-0000000000a1',
  /** Almacenes Ribera, en. */
  james: 'c0000000-0000-4000-8000-0000000000a2',
  /** Kuntur Pay, es. */
  daniel: 'c0000000-0000-4000-8000-0000000000b1',
  /** Kuntur Pay, en. */
  sarah: 'c0000000-0000-4000-8000-0000000000b2',
} as const

/** The same people's addresses: each signs in with the demo password. */
export const emails = {
  superAdmin: 'superadmin@caucedata.com',
  admin: 'admin@caucedata.com',
  lucia: 'lucia.martin@example.com',
  james: 'james.whitaker@example.com',
  daniel: 'daniel.ortega@example.com',
  sarah: 'sarah.cohen@example.com',
} as const satisfies Record<keyof typeof users, string>

export const projects = {
  /** Ribera, business-intelligence, in progress. */
  riberaDashboard: '1a000000-0000-4000-8000-000000000001',
  /** Ribera, data-architecture, completed. */
  riberaPlatform: '1a000000-0000-4000-8000-000000000002',
  /** Ribera, customer-intelligence, planning. */
  riberaLoyalty: '1a000000-0000-4000-8000-000000000003',
  /** Ribera, data-engineering, hidden from the client while it is scoped. */
  riberaHidden: '1a000000-0000-4000-8000-000000000004',
  /** Kuntur, financial-intelligence, in progress. */
  kunturScoring: '1b000000-0000-4000-8000-000000000001',
  kunturIngestion: '1b000000-0000-4000-8000-000000000002',
  kunturGovernance: '1b000000-0000-4000-8000-000000000003',
} as const

export const documents = {
  /** Visible specification of the Ribera dashboard project. */
  riberaKpiSpec: '2a000000-0000-4000-8000-000000000001',
  /** Staff-only notes on the same project. */
  riberaInternalNotes: '2a000000-0000-4000-8000-000000000003',
  /** Uploaded by Lucía. */
  riberaClientUpload: '2a000000-0000-4000-8000-000000000004',
  /** Hidden draft on the loyalty project. */
  riberaDraftProposal: '2a000000-0000-4000-8000-000000000007',
  kunturMethodology: '2b000000-0000-4000-8000-000000000001',
} as const

export const reports = {
  riberaPublished: '3a000000-0000-4000-8000-000000000001',
  riberaDraft: '3a000000-0000-4000-8000-000000000003',
  kunturDraft: '3b000000-0000-4000-8000-000000000003',
} as const

export const tasks = {
  /** Assigned to Lucía, in progress. */
  riberaForLucia: '4a000000-0000-4000-8000-000000000001',
  /** Assigned to James, overdue. */
  riberaForJames: '4a000000-0000-4000-8000-000000000003',
  /** Internal, assigned to the admin. */
  riberaInternal: '4a000000-0000-4000-8000-000000000004',
  /** Internal, unassigned. */
  riberaInternalUnassigned: '4a000000-0000-4000-8000-000000000007',
  /** Assigned to Daniel. */
  kunturForDaniel: '4b000000-0000-4000-8000-000000000002',
} as const

/** `<organization>/<project>/<file>` in the documents bucket. */
export function objectPath(organization: string, project: string, file: string) {
  return `${organization}/${project}/${file}`
}

export const dashboards = {
  /** Ribera's commercial dashboard project: Metabase, everyone. */
  riberaMetabase: '5a000000-0000-4000-8000-000000000001',
  /** The same project: Power BI, only Lucía. */
  riberaPowerBi: '5a000000-0000-4000-8000-000000000002',
  /** The same project: Tableau Public, refuses framing. */
  riberaTableau: '5a000000-0000-4000-8000-000000000003',
  /** Kuntur's scoring project: Looker Studio, everyone. */
  kunturLooker: '5b000000-0000-4000-8000-000000000001',
} as const

/** The project plan's demo rows (decision 0040). */
export const plan = {
  /** Ribera dashboard: "Construcción del cuadro de mando", in progress, 200 h planned, 85 used. */
  riberaBuild: 'e1a00000-0000-4000-8000-000000000003',
  /** Ribera dashboard: "Despliegue y formación", planned, 60 h. */
  riberaRollout: 'e1a00000-0000-4000-8000-000000000004',
  /** Ribera dashboard: "Puesta en producción", pending. */
  riberaGoLive: 'e2a00000-0000-4000-8000-000000000004',
  /** Kuntur scoring: "Model development", in progress, 200 h planned, 65 used. */
  kunturModel: 'e1b00000-0000-4000-8000-000000000003',
} as const
