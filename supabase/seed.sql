-- Demo data (data only; the schema is in supabase/migrations). Two client organizations of the
-- firm with two portal users each (one Spanish-speaking, one English-speaking), an admin and a
-- super_admin, all with the password demo-password-2026 (listed by supabase/server/welcome.ts).
-- Users are inserted into auth.users as GoTrue stores them; the profile trigger creates their
-- profiles, and the updates below (run as the owner) set organizations and staff roles.
-- Notifications and activity are produced by the triggers, so the seed exercises them (and then
-- dated when their events happened, at the end).
-- Each organization works in one language (default_locale), and all its content is written in it:
-- Almacenes Ribera in Spanish, Kuntur Pay in English (README, demo accounts).
-- Dates are relative to the day the seed runs, so the demo always looks current, and they agree
-- with each other whatever that day is: tests/integration/schema/seed.test.ts checks it.

-- ─── Security settings ───────────────────────────────────────────────────────────────
-- The demo's staff sign in with a password alone: the migration requires a second factor of
-- staff (production never runs this seed), development turns it off (decision 0037).
update public.security_settings set staff_second_factor_required = false;

-- ─── Accounts ───────────────────────────────────────────────────────────────────────────────
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, confirmation_token, recovery_token, email_change,
  created_at, updated_at
)
select
  '00000000-0000-0000-0000-000000000000', u.id::uuid, 'authenticated', 'authenticated', u.email,
  '$argon2id$v=19$m=19456,t=2,p=1$W1vf/IAzGz3mZyKWSngUrw$idWBmZ30zRBjPSwLnsjZCPsm67y8exJjrZkD+bipg5k',
  now() - u.age, '{"provider":"email","providers":["email"]}'::jsonb, u.meta::jsonb, '', '', '',
  now() - u.age, now() - u.age
from (values
  ('a0000000-0000-4000-8000-000000000001', 'superadmin@caucedata.com',
    '{"full_name":"Andrés Vidal","company":"Cauce Data","locale":"en","role":"super_admin"}', interval '450 days'),
  ('a0000000-0000-4000-8000-000000000002', 'admin@caucedata.com',
    '{"full_name":"Marta Gil","company":"Cauce Data","locale":"es"}', interval '430 days'),
  ('c0000000-0000-4000-8000-0000000000a1', 'lucia.martin@example.com',
    '{"full_name":"Lucía Martín","company":"Almacenes Ribera","locale":"es"}', interval '300 days'),
  ('c0000000-0000-4000-8000-0000000000a2', 'james.whitaker@example.com',
    '{"full_name":"James Whitaker","company":"Almacenes Ribera","locale":"en"}', interval '200 days'),
  ('c0000000-0000-4000-8000-0000000000b1', 'daniel.ortega@example.com',
    '{"full_name":"Daniel Ortega","company":"Kuntur Pay","locale":"es"}', interval '250 days'),
  ('c0000000-0000-4000-8000-0000000000b2', 'sarah.cohen@example.com',
    '{"full_name":"Sarah Cohen","company":"Kuntur Pay","locale":"en"}', interval '240 days')
) as u (id, email, meta, age);

insert into auth.identities (id, provider_id, user_id, identity_data, provider, created_at, updated_at)
select gen_random_uuid(), u.id::text, u.id,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true), 'email', u.created_at, u.created_at
from auth.users u
where u.id in (
  'a0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002',
  'c0000000-0000-4000-8000-0000000000a1', 'c0000000-0000-4000-8000-0000000000a2',
  'c0000000-0000-4000-8000-0000000000b1', 'c0000000-0000-4000-8000-0000000000b2'
);

-- ─── Organizations and roles ────────────────────────────────────────────────────────────────
-- Kuntur Pay, a Colombian fintech, works with the firm in English: its data and risk teams do.
insert into public.organizations (id, name, slug, legal_name, tax_id, country_code, industry, website, default_locale, created_at)
values
  ('0a000000-0000-4000-8000-000000000001', 'Almacenes Ribera', 'almacenes-ribera', 'Almacenes Ribera S.A.', 'A87654321',
    'ES', 'Retail', 'https://almacenes-ribera.example', 'es', now() - interval '420 days'),
  ('0b000000-0000-4000-8000-000000000001', 'Kuntur Pay', 'kuntur-pay', 'Kuntur Pay S.A.S.', '901.234.567-8',
    'CO', 'Fintech', 'https://kunturpay.example', 'en', now() - interval '270 days');

update public.profiles set role = 'super_admin', job_title = 'Managing Partner', phone = '+34 910 000 001'
where id = 'a0000000-0000-4000-8000-000000000001';
update public.profiles set role = 'admin', job_title = 'Responsable de proyectos', phone = '+34 910 000 002'
where id = 'a0000000-0000-4000-8000-000000000002';
update public.profiles set organization_id = '0a000000-0000-4000-8000-000000000001', job_title = 'Directora de Ventas', phone = '+34 600 111 222'
where id = 'c0000000-0000-4000-8000-0000000000a1';
update public.profiles set organization_id = '0a000000-0000-4000-8000-000000000001', job_title = 'Chief Financial Officer'
where id = 'c0000000-0000-4000-8000-0000000000a2';
update public.profiles set organization_id = '0b000000-0000-4000-8000-000000000001', job_title = 'Director de Riesgos', phone = '+57 601 555 0101'
where id = 'c0000000-0000-4000-8000-0000000000b1';
update public.profiles set organization_id = '0b000000-0000-4000-8000-000000000001', job_title = 'Head of Data'
where id = 'c0000000-0000-4000-8000-0000000000b2';

-- From here on the staff work is done "as" the admin, so activity and notifications name her.
-- Session-level (not local) so it also works when the seed runs outside a transaction; reset at the end.
select set_config('request.jwt.claims', '{"sub":"a0000000-0000-4000-8000-000000000002","role":"authenticated"}', false);

-- ─── Projects ───────────────────────────────────────────────────────────────────────────────
insert into public.projects
  (id, organization_id, name, description, service, status, progress, start_date, due_date, completed_on, visible_to_client, manager_id, created_at)
values
  ('1a000000-0000-4000-8000-000000000001', '0a000000-0000-4000-8000-000000000001',
    'Cuadro de mando comercial',
    'Cuadro de mando de ventas, margen y stock por tienda y categoría, con actualización diaria.',
    'business-intelligence', 'in_progress', 65, current_date - 150, current_date + 60, null, true,
    'a0000000-0000-4000-8000-000000000002', now() - interval '155 days'),
  ('1a000000-0000-4000-8000-000000000002', '0a000000-0000-4000-8000-000000000001',
    'Plataforma de datos en la nube',
    'Arquitectura lakehouse que unifica TPV, e-commerce y logística.',
    'data-architecture', 'completed', 100, current_date - 400, current_date - 60, current_date - 68, true,
    'a0000000-0000-4000-8000-000000000001', now() - interval '405 days'),
  ('1a000000-0000-4000-8000-000000000003', '0a000000-0000-4000-8000-000000000001',
    'Segmentación y fidelización de clientes',
    'Segmentos de comportamiento y modelo de propensión para el programa de fidelización.',
    'customer-intelligence', 'planning', 10, current_date - 10, current_date + 150, null, true,
    'a0000000-0000-4000-8000-000000000002', now() - interval '20 days'),
  ('1a000000-0000-4000-8000-000000000004', '0a000000-0000-4000-8000-000000000001',
    'Pipelines de inventario en tiempo real',
    'Propuesta en preparación: eventos de inventario de almacén a tienda en tiempo casi real.',
    'data-engineering', 'planning', 0, null, null, null, false,
    'a0000000-0000-4000-8000-000000000002', now() - interval '5 days'),
  ('1b000000-0000-4000-8000-000000000001', '0b000000-0000-4000-8000-000000000001',
    'Credit risk scoring model',
    'Probability-of-default model for consumer loans, with explainability for the credit committee.',
    'financial-intelligence', 'in_progress', 45, current_date - 120, current_date + 90, null, true,
    'a0000000-0000-4000-8000-000000000001', now() - interval '125 days'),
  ('1b000000-0000-4000-8000-000000000002', '0b000000-0000-4000-8000-000000000001',
    'Real-time transaction ingestion',
    'Streaming ingestion of card and wallet transactions into the analytics platform.',
    'data-engineering', 'on_hold', 55, current_date - 200, current_date + 30, null, true,
    'a0000000-0000-4000-8000-000000000002', now() - interval '205 days'),
  ('1b000000-0000-4000-8000-000000000003', '0b000000-0000-4000-8000-000000000001',
    'Data governance and regulatory compliance',
    'Governance model, catalogue of critical data elements and lineage for the financial regulator.',
    'governance', 'completed', 100, current_date - 260, current_date - 30, current_date - 35, true,
    'a0000000-0000-4000-8000-000000000002', now() - interval '262 days');

-- ─── Documents ──────────────────────────────────────────────────────────────────────────────
-- Metadata only: the demo files (PDF or CSV) are uploaded through the Storage API afterwards, by our
-- server's first start or by `npm run seed:files` on a Supabase project, which also sets size_bytes
-- to each file's real size (supabase/demo-files/).
insert into public.documents
  (id, project_id, name, description, category, storage_path, mime_type, size_bytes, visible_to_client, created_at)
select d.id::uuid, d.project_id::uuid, d.name, d.description, d.category,
  p.organization_id || '/' || p.id || '/' || d.file, d.mime_type, d.size_bytes, d.visible, now() - d.age
from (values
  ('2a000000-0000-4000-8000-000000000001', '1a000000-0000-4000-8000-000000000001', 'Especificación de KPIs comerciales',
    'Definición de ventas netas, margen bruto, rotación y cobertura de stock.', 'specification',
    'especificacion-kpis-comerciales.pdf', 'application/pdf', 482133, true, interval '140 days'),
  ('2a000000-0000-4000-8000-000000000002', '1a000000-0000-4000-8000-000000000001', 'Prototipo del cuadro de mando v2',
    'Capturas y recorrido del prototipo revisado con el equipo de ventas.', 'deliverable',
    'prototipo-cuadro-de-mando-v2.pdf', 'application/pdf', 2211840, true, interval '40 days'),
  ('2a000000-0000-4000-8000-000000000003', '1a000000-0000-4000-8000-000000000001', 'Notas internas de modelado',
    'Decisiones del modelo semántico pendientes de revisar.', 'other',
    'notas-internas-modelado.pdf', 'application/pdf', 58211, false, interval '30 days'),
  ('2a000000-0000-4000-8000-000000000005', '1a000000-0000-4000-8000-000000000002', 'Arquitectura de referencia',
    'Diagrama y decisiones de la plataforma lakehouse.', 'deliverable',
    'arquitectura-de-referencia.pdf', 'application/pdf', 1536000, true, interval '300 days'),
  ('2a000000-0000-4000-8000-000000000006', '1a000000-0000-4000-8000-000000000002', 'Acta de cierre del proyecto',
    'Acta firmada de aceptación de la plataforma.', 'contract',
    'acta-de-cierre.pdf', 'application/pdf', 204800, true, interval '68 days'),
  ('2a000000-0000-4000-8000-000000000007', '1a000000-0000-4000-8000-000000000003', 'Propuesta de segmentación',
    'Borrador de hipótesis de segmentos para revisar internamente.', 'deliverable',
    'propuesta-segmentacion.pdf', 'application/pdf', 731000, false, interval '6 days'),
  ('2a000000-0000-4000-8000-000000000008', '1a000000-0000-4000-8000-000000000004', 'Estimación inicial',
    'Estimación de esfuerzo y costes de la propuesta.', 'other',
    'estimacion-inicial.csv', 'text/csv', 40960, false, interval '4 days'),
  ('2b000000-0000-4000-8000-000000000001', '1b000000-0000-4000-8000-000000000001', 'Model methodology',
    'Target definition, sampling, variables and validation approach.', 'deliverable',
    'model-methodology.pdf', 'application/pdf', 1048576, true, interval '90 days'),
  ('2b000000-0000-4000-8000-000000000002', '1b000000-0000-4000-8000-000000000001', 'Feature catalogue',
    'Candidate features with source, owner and business meaning.', 'specification',
    'feature-catalogue.csv', 'text/csv', 96256, true, interval '60 days'),
  ('2b000000-0000-4000-8000-000000000004', '1b000000-0000-4000-8000-000000000002', 'Ingestion architecture',
    'Event flow from the card processor to the analytics platform.', 'deliverable',
    'ingestion-architecture.pdf', 'application/pdf', 870400, true, interval '180 days'),
  ('2b000000-0000-4000-8000-000000000005', '1b000000-0000-4000-8000-000000000002', 'Incident review (internal)',
    'Root cause of the duplicated events in the pilot.', 'other',
    'incident-review.pdf', 'application/pdf', 33792, false, interval '45 days'),
  ('2b000000-0000-4000-8000-000000000006', '1b000000-0000-4000-8000-000000000003', 'Data governance policy',
    'Roles, responsibilities and data quality processes approved by the governance committee.', 'deliverable',
    'data-governance-policy.pdf', 'application/pdf', 655360, true, interval '100 days'),
  ('2b000000-0000-4000-8000-000000000007', '1b000000-0000-4000-8000-000000000003', 'Regulatory compliance map',
    'Lineage of the critical data elements to the regulatory reports they feed.', 'data',
    'regulatory-compliance-map.csv', 'text/csv', 122880, true, interval '40 days')
) as d (id, project_id, name, description, category, file, mime_type, size_bytes, visible, age)
join public.projects p on p.id = d.project_id::uuid;

-- Each organization has also sent the firm a file through the portal (staff are notified).
select set_config('request.jwt.claims', '{"sub":"c0000000-0000-4000-8000-0000000000a1","role":"authenticated"}', false);
insert into public.documents
  (id, project_id, name, description, category, storage_path, mime_type, size_bytes, visible_to_client, uploaded_by, created_at)
values ('2a000000-0000-4000-8000-000000000004', '1a000000-0000-4000-8000-000000000001', 'Ventas por tienda 2025',
  'Extracto de ventas diarias por tienda para validar el cuadro de mando.', 'data',
  '0a000000-0000-4000-8000-000000000001/1a000000-0000-4000-8000-000000000001/ventas-por-tienda-2025.csv',
  'text/csv', 3145728, true,
  'c0000000-0000-4000-8000-0000000000a1', now() - interval '25 days');

select set_config('request.jwt.claims', '{"sub":"c0000000-0000-4000-8000-0000000000b2","role":"authenticated"}', false);
insert into public.documents
  (id, project_id, name, description, category, storage_path, mime_type, size_bytes, visible_to_client, uploaded_by, created_at)
values ('2b000000-0000-4000-8000-000000000003', '1b000000-0000-4000-8000-000000000001', 'Loan book sample Q3',
  'Anonymised sample of the consumer loan book for the model.', 'data',
  '0b000000-0000-4000-8000-000000000001/1b000000-0000-4000-8000-000000000001/loan-book-sample-q3.csv',
  'text/csv', 5242880, true, 'c0000000-0000-4000-8000-0000000000b2', now() - interval '70 days');

select set_config('request.jwt.claims', '{"sub":"a0000000-0000-4000-8000-000000000002","role":"authenticated"}', false);

-- ─── Reports ────────────────────────────────────────────────────────────────────────────────
-- Monthly reports cover the last complete months; their titles name the month in the report's language,
-- which is the organization's (Spanish for Almacenes Ribera, English for Kuntur Pay).
with months as (
  select n, (date_trunc('month', current_date) - make_interval(months => n))::date as first_day
  from generate_series(1, 3) as n
),
named as (
  select n, first_day, (first_day + interval '1 month' - interval '1 day')::date as last_day,
    (array['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre',
      'noviembre', 'diciembre'])[extract(month from first_day)::int] || ' de ' || extract(year from first_day) as month_es,
    to_char(first_day, 'FMMonth YYYY') as month_en
  from months
)
insert into public.reports
  (id, project_id, title, summary, report_type, status, locale, period_start, period_end, dashboard_url, published_at, created_at)
select r.id::uuid, r.project_id::uuid, r.title, r.summary, r.report_type, r.status, r.locale, r.period_start, r.period_end,
  r.dashboard_url,
  -- A seeded report is written and published at once (its activity entry says so), a few days
  -- after its month ends, or now if those days have not passed yet.
  case when r.status = 'published' then least(r.created_at, now()) end, least(r.created_at, now())
from (
  select '3a000000-0000-4000-8000-000000000001' as id, '1a000000-0000-4000-8000-000000000001' as project_id,
    'Informe mensual — ' || month_es as title,
    'Primera versión del modelo de ventas validada con tres tiendas piloto.' as summary,
    'monthly' as report_type, 'published' as status, 'es' as locale, first_day as period_start, last_day as period_end,
    'https://bi.caucedata.example/ribera/comercial' as dashboard_url, (last_day + 3)::timestamptz as created_at
  from named where n = 3
  union all
  select '3a000000-0000-4000-8000-000000000002', '1a000000-0000-4000-8000-000000000001',
    'Informe mensual — ' || month_es,
    'Margen por categoría incorporado; la cobertura de stock se retrasa por la carga de almacenes.',
    'monthly', 'published', 'es', first_day, last_day, 'https://bi.caucedata.example/ribera/comercial', (last_day + 3)::timestamptz
  from named where n = 2
  union all
  select '3a000000-0000-4000-8000-000000000003', '1a000000-0000-4000-8000-000000000001',
    'Informe mensual — ' || month_es,
    'Borrador: pendiente de validar las cifras de rotación.',
    'monthly', 'draft', 'es', first_day, last_day, null, (last_day + 2)::timestamptz
  from named where n = 1
  union all
  select '3a000000-0000-4000-8000-000000000004', '1a000000-0000-4000-8000-000000000002',
    'Informe final de la plataforma de datos',
    'La plataforma integra 14 fuentes; el coste de almacenamiento bajó un 38 % y la frescura de datos pasó de 24 h a 1 h.',
    'final', 'published', 'es', current_date - 400, current_date - 68, null, now() - interval '66 days'
  union all
  select '3a000000-0000-4000-8000-000000000005', '1a000000-0000-4000-8000-000000000003',
    'Diagnóstico inicial de clientes',
    'Borrador del diagnóstico de datos de clientes y del programa de fidelización.',
    'milestone', 'draft', 'es', null, null, null, now() - interval '3 days'
  union all
  select '3b000000-0000-4000-8000-000000000001', '1b000000-0000-4000-8000-000000000001',
    'Monthly report — ' || month_en,
    'Data extraction finished; first candidate model reaches a Gini of 0.53 on the holdout sample.',
    'monthly', 'published', 'en', first_day, last_day, null, (last_day + 4)::timestamptz
  from named where n = 2
  union all
  select '3b000000-0000-4000-8000-000000000002', '1b000000-0000-4000-8000-000000000001',
    'Monthly report — ' || month_en,
    'Feature selection completed with the risk team; challenger model under review.',
    'monthly', 'published', 'en', first_day, last_day, null, (last_day + 4)::timestamptz
  from named where n = 1
  union all
  select '3b000000-0000-4000-8000-000000000003', '1b000000-0000-4000-8000-000000000001',
    'Model validation report',
    'Draft: backtesting and stability analysis for the credit committee.',
    'milestone', 'draft', 'en', null, null, null, now() - interval '2 days'
  union all
  select '3b000000-0000-4000-8000-000000000004', '1b000000-0000-4000-8000-000000000002',
    'Ingestion status report',
    'Pilot processed 2.1 M events a day; paused until the core-banking replica is available.',
    'milestone', 'published', 'en', current_date - 200, current_date - 40, 'https://bi.caucedata.example/kuntur/ingestion',
    now() - interval '38 days'
  union all
  select '3b000000-0000-4000-8000-000000000005', '1b000000-0000-4000-8000-000000000003',
    'Data governance final report',
    'Catalogue of 212 critical data elements, named data owners and lineage up to the regulatory reports.',
    'final', 'published', 'en', current_date - 260, current_date - 35, null, now() - interval '33 days'
) as r;

-- ─── Analytics metrics: three per project, for the complete months of its work ────────────
-- Each project has figures only for months within its period: ages (months before the current one)
-- newest_age to oldest_age, chosen so that they fall between the project's start and its completion
-- (or today) whatever day the seed runs: start_date - 150 covers the last 4 complete months, a
-- completion 68 days ago falls in or after the month of age 3, and so on (a month is 28 to 31 days).
-- Projects not started yet (planning) have none. `step` counts months since the first figure, so
-- the series move from their base as the work goes on, towards what the reports say (the platform's
-- freshness goes from 24 h to about 1 h, the governance catalogue reaches about 212 elements).
with spans (project_id, newest_age, oldest_age) as (
  values
    ('1a000000-0000-4000-8000-000000000001', 1, 4),
    ('1a000000-0000-4000-8000-000000000002', 3, 12),
    ('1b000000-0000-4000-8000-000000000001', 1, 3),
    ('1b000000-0000-4000-8000-000000000002', 1, 6),
    ('1b000000-0000-4000-8000-000000000003', 2, 8)
),
definitions (project_id, metric_key, label_es, label_en, unit, base, trend, swing, target) as (
  values
    ('1a000000-0000-4000-8000-000000000001', 'net_sales', 'Ventas netas', 'Net sales', 'EUR', 4200000, 0.012, 0.08, 5000000),
    ('1a000000-0000-4000-8000-000000000001', 'gross_margin', 'Margen bruto', 'Gross margin', 'percent', 31.5, 0.004, 0.02, 34),
    ('1a000000-0000-4000-8000-000000000001', 'dashboard_users', 'Usuarios activos del cuadro de mando', 'Active dashboard users', 'count', 40, 0.09, 0.05, 150),
    ('1a000000-0000-4000-8000-000000000002', 'data_freshness', 'Frescura de los datos', 'Data freshness', 'hours', 24, -0.297, 0.02, 1),
    ('1a000000-0000-4000-8000-000000000002', 'storage_cost', 'Coste de almacenamiento', 'Storage cost', 'EUR', 18500, -0.052, 0.01, 12000),
    ('1a000000-0000-4000-8000-000000000002', 'query_p95', 'Tiempo de consulta p95', 'Query time p95', 'seconds', 14, -0.15, 0.04, 3),
    ('1b000000-0000-4000-8000-000000000001', 'approval_rate', 'Tasa de aprobación', 'Approval rate', 'percent', 41, 0.008, 0.03, 48),
    ('1b000000-0000-4000-8000-000000000001', 'default_rate', 'Tasa de impago', 'Default rate', 'percent', 7.9, -0.012, 0.04, 6),
    ('1b000000-0000-4000-8000-000000000001', 'model_gini', 'Gini del modelo', 'Model Gini', 'ratio', 0.48, 0.08, 0.02, 0.55),
    ('1b000000-0000-4000-8000-000000000002', 'events_ingested', 'Eventos ingeridos', 'Events ingested', 'count', 35000000, 0.13, 0.03, 60000000),
    ('1b000000-0000-4000-8000-000000000002', 'ingestion_latency', 'Latencia de ingesta', 'Ingestion latency', 'seconds', 95, -0.3, 0.06, 5),
    ('1b000000-0000-4000-8000-000000000002', 'failed_events', 'Eventos fallidos', 'Failed events', 'count', 5400, -0.3, 0.2, 100),
    ('1b000000-0000-4000-8000-000000000003', 'data_quality_score', 'Índice de calidad de datos', 'Data quality score', 'score', 61, 0.045, 0.02, 90),
    ('1b000000-0000-4000-8000-000000000003', 'critical_elements', 'Datos críticos catalogados', 'Critical data elements catalogued', 'count', 20, 0.48, 0.01, 212),
    ('1b000000-0000-4000-8000-000000000003', 'policies_adopted', 'Políticas adoptadas', 'Policies adopted', 'count', 2, 0.35, 0, 12)
),
months as (
  select s.project_id, age, s.oldest_age - age as step,
    (date_trunc('month', current_date) - make_interval(months => age))::date as first_day
  from spans s cross join lateral generate_series(s.newest_age, s.oldest_age) as age
)
insert into public.analytics_metrics
  (project_id, metric_key, label_es, label_en, unit, granularity, period_start, period_end, value, target, visible_to_client, notes, created_at, updated_at)
select
  d.project_id::uuid, d.metric_key, d.label_es, d.label_en, d.unit, 'month', m.first_day,
  (m.first_day + interval '1 month' - interval '1 day')::date,
  round((d.base * power(1 + d.trend, m.step) * (1 + d.swing * sin(m.step * 1.3)))::numeric, case when d.unit in ('count') then 0 else 2 end),
  d.target,
  -- The newest figure of two metrics is still being checked by staff.
  not (m.age = 1 and d.metric_key in ('gross_margin', 'default_rate')),
  case when m.age = 1 then
    case d.metric_key
      when 'gross_margin' then 'Pendiente de conciliar con contabilidad.'
      when 'default_rate' then 'Pending reconciliation with accounting.'
    end
  end,
  -- Recorded two days after the month ends, or now if that day has not come yet.
  least(m.first_day + interval '1 month' + interval '2 days', now()),
  least(m.first_day + interval '1 month' + interval '2 days', now())
from definitions d join months m on m.project_id = d.project_id;

-- ─── Tasks ──────────────────────────────────────────────────────────────────────────────────
insert into public.tasks
  (id, project_id, title, description, status, priority, due_date, assigned_to, is_internal, completed_at, created_at)
values
  ('4a000000-0000-4000-8000-000000000001', '1a000000-0000-4000-8000-000000000001', 'Validar las definiciones de KPI',
    'Revisar con el equipo de ventas las fórmulas de la especificación.', 'in_progress', 'high', current_date + 7,
    'c0000000-0000-4000-8000-0000000000a1', false, null, now() - interval '20 days'),
  ('4a000000-0000-4000-8000-000000000002', '1a000000-0000-4000-8000-000000000001', 'Enviar el extracto de ventas por tienda',
    'Extracto diario de 2025 en Excel o CSV.', 'done', 'medium', current_date - 30,
    'c0000000-0000-4000-8000-0000000000a1', false, now() - interval '25 days', now() - interval '45 days'),
  ('4a000000-0000-4000-8000-000000000003', '1a000000-0000-4000-8000-000000000001', 'Aprobar el diseño del cuadro de mando',
    'Dar el visto bueno al prototipo v2 para empezar el desarrollo.', 'todo', 'high', current_date - 5,
    'c0000000-0000-4000-8000-0000000000a2', false, null, now() - interval '35 days'),
  ('4a000000-0000-4000-8000-000000000004', '1a000000-0000-4000-8000-000000000001', 'Optimizar el modelo semántico',
    'Agregaciones por categoría y tienda para bajar el tiempo de carga.', 'in_progress', 'medium', current_date + 14,
    'a0000000-0000-4000-8000-000000000002', true, null, now() - interval '15 days'),
  ('4a000000-0000-4000-8000-000000000005', '1a000000-0000-4000-8000-000000000002', 'Firmar el acta de cierre del proyecto',
    null, 'done', 'medium', current_date - 68,
    'c0000000-0000-4000-8000-0000000000a2', false, now() - interval '68 days', now() - interval '80 days'),
  ('4a000000-0000-4000-8000-000000000006', '1a000000-0000-4000-8000-000000000003', 'Dar acceso de lectura al CRM',
    'Usuario de solo lectura para extraer el histórico de clientes.', 'todo', 'urgent', current_date - 2,
    'c0000000-0000-4000-8000-0000000000a1', false, null, now() - interval '9 days'),
  ('4a000000-0000-4000-8000-000000000007', '1a000000-0000-4000-8000-000000000003', 'Preparar hipótesis de segmentación',
    null, 'todo', 'medium', current_date + 20, null, true, null, now() - interval '8 days'),
  ('4a000000-0000-4000-8000-000000000008', '1a000000-0000-4000-8000-000000000004', 'Estimar el esfuerzo de la propuesta',
    null, 'todo', 'low', current_date + 10, 'a0000000-0000-4000-8000-000000000002', true, null, now() - interval '4 days'),
  ('4b000000-0000-4000-8000-000000000001', '1b000000-0000-4000-8000-000000000001', 'Share the historical loan book',
    'Five years of originations and repayments, anonymised.', 'done', 'high', current_date - 75,
    'c0000000-0000-4000-8000-0000000000b2', false, now() - interval '70 days', now() - interval '110 days'),
  ('4b000000-0000-4000-8000-000000000002', '1b000000-0000-4000-8000-000000000001', 'Review the feature catalogue',
    'Confirm the meaning and availability of each candidate feature.', 'in_progress', 'medium', current_date + 5,
    'c0000000-0000-4000-8000-0000000000b1', false, null, now() - interval '30 days'),
  ('4b000000-0000-4000-8000-000000000003', '1b000000-0000-4000-8000-000000000001', 'Sign off the model validation plan',
    null, 'todo', 'high', current_date - 3, 'c0000000-0000-4000-8000-0000000000b2', false, null, now() - interval '12 days'),
  ('4b000000-0000-4000-8000-000000000004', '1b000000-0000-4000-8000-000000000001', 'Probability-of-default backtesting',
    null, 'in_progress', 'high', current_date + 12, 'a0000000-0000-4000-8000-000000000001', true, null, now() - interval '10 days'),
  ('4b000000-0000-4000-8000-000000000005', '1b000000-0000-4000-8000-000000000002', 'Provide the replica credentials',
    'Read access to the core-banking replica.', 'blocked', 'urgent', current_date - 10,
    'c0000000-0000-4000-8000-0000000000b1', false, null, now() - interval '50 days'),
  ('4b000000-0000-4000-8000-000000000006', '1b000000-0000-4000-8000-000000000002', 'Capacity plan for the event bus',
    null, 'todo', 'medium', current_date + 25, null, true, null, now() - interval '40 days'),
  ('4b000000-0000-4000-8000-000000000007', '1b000000-0000-4000-8000-000000000003', 'Appoint the data owners',
    null, 'done', 'medium', current_date - 90, 'c0000000-0000-4000-8000-0000000000b1', false, now() - interval '92 days',
    now() - interval '150 days');

-- ─── Contact messages (each notifies the staff) ─────────────────────────────────────────────
select set_config('request.jwt.claims', '{"role":"anon"}', false);

insert into public.contact_messages
  (name, email, company, phone, interest, message, privacy_accepted, marketing_opt_in, status, locale, created_at)
values
  ('Elena Navarro', 'elena.navarro@example.org', 'Bodegas Navarro', '+34 941 000 123', 'business-intelligence',
    'Queremos un cuadro de mando de ventas por canal y distribuidor. ¿Podemos hablar la semana que viene?',
    true, false, 'new', 'es', now() - interval '2 days'),
  ('Tom Becker', 'tom.becker@example.net', 'Northwind Logistics', null, 'data-engineering',
    'We need to move our nightly batch jobs to streaming. Do you work with teams in Germany?',
    true, true, 'contacted', 'en', now() - interval '9 days'),
  ('Camila Rojas', 'camila.rojas@example.org', null, null, 'financial-intelligence',
    'Busco apoyo para un modelo de scoring en una cooperativa de ahorro y crédito.',
    true, false, 'contacted', 'es', now() - interval '30 days');

update public.contact_messages set handled_by = 'a0000000-0000-4000-8000-000000000002' where status <> 'new';

-- ─── History: the times of what the triggers wrote ──────────────────────────────────────────
-- The triggers above ran at the seed's moment (now() is the transaction's start), so without this
-- every notification and activity entry would say "just now" about rows dated months ago, and every
-- row would look updated today. Run as the owner: the activity log's append-only rule and the
-- updated_at triggers are switched off for these statements only, as nobody's edit.

-- A notification arrives when its event happened: a document shared or uploaded when it was added,
-- a report when it was published, a task when it was created, a contact message when it was sent.
update public.notifications n set created_at = e.at
from (
  select id, created_at as at from public.documents
  union all select id, published_at from public.reports where published_at is not null
  union all select id, created_at from public.tasks
  union all select id, created_at from public.contact_messages
) e
where e.id = n.entity_id;
-- Nobody is told of what happened before they had an account.
delete from public.notifications n using auth.users u where u.id = n.recipient_id and n.created_at < u.created_at;
-- Staff read the messages they handled the next day; Lucía and Sarah read each new report the day after.
update public.notifications set read_at = least(created_at + interval '1 day', now())
where (kind = 'contact_message' and entity_id in (select id from public.contact_messages where status <> 'new'))
   or (recipient_id in ('c0000000-0000-4000-8000-0000000000a1', 'c0000000-0000-4000-8000-0000000000b2')
       and kind = 'report_published');
-- Whoever started, finished or is blocked on a task had read that it was theirs (the next day, or
-- by the time they finished it); tasks still to do may be unread.
update public.notifications n set read_at = least(n.created_at + interval '1 day', t.completed_at, now())
from public.tasks t
where n.kind = 'task_assigned' and n.entity_id = t.id and t.status <> 'todo';
-- The demo's notifications are history: none of them goes out by e-mail on first start.
update public.notifications set emailed_at = created_at where emailed_at is null;

-- Each activity entry happened when the row it describes was created; a person's setup (role,
-- organization) when their account was.
alter table public.activity_log disable trigger activity_log_append_only;
update public.activity_log a set occurred_at = e.at
from (
  select id, created_at as at from public.projects
  union all select id, created_at from public.documents
  union all select id, created_at from public.reports
  union all select id, created_at from public.analytics_metrics
  union all select id, created_at from public.tasks
  union all select id, created_at from auth.users
) e
where e.id = a.entity_id;
alter table public.activity_log enable trigger activity_log_append_only;

-- A row was last updated at its latest event; a profile was made with its account.
alter table public.organizations disable trigger organizations_set_updated_at;
update public.organizations set updated_at = created_at;
alter table public.organizations enable trigger organizations_set_updated_at;
alter table public.profiles disable trigger profiles_set_updated_at;
update public.profiles p set created_at = u.created_at, updated_at = u.created_at from auth.users u where u.id = p.id;
alter table public.profiles enable trigger profiles_set_updated_at;
alter table public.projects disable trigger projects_set_updated_at;
update public.projects set updated_at = greatest(created_at, completed_on::timestamptz);
alter table public.projects enable trigger projects_set_updated_at;
alter table public.documents disable trigger documents_set_updated_at;
update public.documents set updated_at = created_at;
alter table public.documents enable trigger documents_set_updated_at;
alter table public.reports disable trigger reports_set_updated_at;
update public.reports set updated_at = coalesce(published_at, created_at);
alter table public.reports enable trigger reports_set_updated_at;
alter table public.tasks disable trigger tasks_set_updated_at;
update public.tasks set updated_at = coalesce(completed_at, created_at);
alter table public.tasks enable trigger tasks_set_updated_at;
alter table public.contact_messages disable trigger contact_messages_set_updated_at;
update public.contact_messages set updated_at = case when status = 'new' then created_at else created_at + interval '1 day' end;
alter table public.contact_messages enable trigger contact_messages_set_updated_at;

-- Everyone has used the demo lately (never "never signed in" next to their uploads and read
-- notifications): each last signed in a little before the seed ran, and no earlier than the last
-- thing they did.
update auth.users u set last_sign_in_at = greatest(
  now() - s.idle,
  (select max(n.read_at) from public.notifications n where n.recipient_id = u.id),
  (select max(a.occurred_at) from public.activity_log a where a.actor_id = u.id)
)
from (values
  ('a0000000-0000-4000-8000-000000000001'::uuid, interval '2 days'),
  ('a0000000-0000-4000-8000-000000000002'::uuid, interval '3 hours'),
  ('c0000000-0000-4000-8000-0000000000a1'::uuid, interval '1 day'),
  ('c0000000-0000-4000-8000-0000000000a2'::uuid, interval '6 days'),
  ('c0000000-0000-4000-8000-0000000000b1'::uuid, interval '4 days'),
  ('c0000000-0000-4000-8000-0000000000b2'::uuid, interval '2 days')
) as s (id, idle)
where s.id = u.id;

-- ═══ Lead pipeline (issue 25, item 3; decision 0038) ═════════════════════════════════════════
-- One section, appended: the leads above in the pipeline's statuses, with assignees, follow-up
-- dates (none due, so nothing is reminded on first start), internal notes, a lost reason, their
-- status history, and two more leads: one qualified, and the one that became Kuntur Pay.
-- Written as the owner with the history trigger off: the history rows are the seed's own, dated.
alter table public.contact_messages disable trigger contact_messages_set_updated_at;
alter table public.contact_messages disable trigger contact_messages_record_status;

insert into public.contact_messages
  (name, email, company, phone, interest, message, privacy_accepted, marketing_opt_in, status, locale, created_at)
values
  ('Héctor Salinas', 'hector.salinas@example.org', 'Cooperativa Hortofrutícola del Segura', '+34 968 000 456',
    'data-architecture',
    'Tenemos los datos de cosecha y de ventas en hojas de cálculo distintas. Nos gustaría unificarlos en un almacén de datos.',
    true, false, 'qualified', 'es', now() - interval '12 days'),
  ('Sarah Cohen', 'sarah.cohen@example.com', 'Kuntur Pay', '+57 601 000 789', 'financial-intelligence',
    'We are a payments company in Bogotá and need reliable revenue reporting across our merchants. Could we talk about a first project?',
    true, true, 'won', 'en', now() - interval '290 days');

update public.contact_messages m set
  assignee_id = s.assignee::uuid, follow_up_on = s.follow_up, lost_reason = s.reason,
  status = coalesce(s.status, m.status),
  organization_id = s.organization::uuid,
  converted_at = case when s.organization is not null then now() - interval '270 days' end
from (values
  ('elena.navarro@example.org', 'a0000000-0000-4000-8000-000000000002', current_date + 2, null, null, null),
  ('tom.becker@example.net', 'a0000000-0000-4000-8000-000000000002', current_date + 5, null, null, null),
  ('camila.rojas@example.org', 'a0000000-0000-4000-8000-000000000002', null, 'lost',
    'Eligió a un proveedor local que ya trabajaba con la cooperativa.', null),
  ('hector.salinas@example.org', 'a0000000-0000-4000-8000-000000000001', current_date + 1, null, null, null),
  ('sarah.cohen@example.com', 'a0000000-0000-4000-8000-000000000001', null, null, null,
    '0b000000-0000-4000-8000-000000000001')
) as s (email, assignee, follow_up, status, reason, organization)
where m.email = s.email;

-- Who moved each lead, and when (days after it arrived).
insert into public.lead_status_changes (lead_id, from_status, to_status, lost_reason, changed_by, changed_at)
select m.id, h.from_status, h.to_status, case when h.to_status = 'lost' then m.lost_reason end, h.changed_by::uuid,
       m.created_at + h.after
from public.contact_messages m
join (values
  ('tom.becker@example.net', 'new', 'contacted', 'a0000000-0000-4000-8000-000000000002', interval '1 day'),
  ('camila.rojas@example.org', 'new', 'contacted', 'a0000000-0000-4000-8000-000000000002', interval '1 day'),
  ('camila.rojas@example.org', 'contacted', 'lost', 'a0000000-0000-4000-8000-000000000002', interval '8 days'),
  ('hector.salinas@example.org', 'new', 'contacted', 'a0000000-0000-4000-8000-000000000002', interval '1 day'),
  ('hector.salinas@example.org', 'contacted', 'qualified', 'a0000000-0000-4000-8000-000000000001', interval '6 days'),
  ('sarah.cohen@example.com', 'new', 'contacted', 'a0000000-0000-4000-8000-000000000001', interval '1 day'),
  ('sarah.cohen@example.com', 'contacted', 'qualified', 'a0000000-0000-4000-8000-000000000001', interval '8 days'),
  ('sarah.cohen@example.com', 'qualified', 'won', 'a0000000-0000-4000-8000-000000000001', interval '20 days')
) as h (email, from_status, to_status, changed_by, after) on h.email = m.email;

insert into public.lead_notes (lead_id, author_id, body, created_at)
select m.id, n.author::uuid, n.body, m.created_at + n.after
from public.contact_messages m
join (values
  ('tom.becker@example.net', 'a0000000-0000-4000-8000-000000000002',
    'Llamada hecha: trabajan con equipos en Hamburgo. Enviar casos de streaming antes del viernes.', interval '1 day'),
  ('camila.rojas@example.org', 'a0000000-0000-4000-8000-000000000002',
    'Presupuesto enviado; lo comparan con el de un proveedor de la zona.', interval '3 days'),
  ('hector.salinas@example.org', 'a0000000-0000-4000-8000-000000000002',
    'Reunión por vídeo: unas 40 hojas de cálculo, tres campañas al año. Interesa un piloto de una campaña.', interval '2 days'),
  ('hector.salinas@example.org', 'a0000000-0000-4000-8000-000000000001',
    'Budget approved by their board for a pilot. Proposal to send this week.', interval '6 days'),
  ('sarah.cohen@example.com', 'a0000000-0000-4000-8000-000000000001',
    'Signed the first project (merchant revenue dashboard). Converted into the Kuntur Pay organization.', interval '20 days')
) as n (email, author, body, after) on n.email = m.email;

-- Each lead was last changed, and handled by, at its latest status change.
update public.contact_messages m set
  updated_at = coalesce((select max(h.changed_at) from public.lead_status_changes h where h.lead_id = m.id), m.created_at),
  handled_by = (select h.changed_by from public.lead_status_changes h where h.lead_id = m.id order by h.changed_at desc limit 1);

alter table public.contact_messages enable trigger contact_messages_record_status;
alter table public.contact_messages enable trigger contact_messages_set_updated_at;

-- The two new leads' notifications, as the history section above dates the others.
update public.notifications n set created_at = m.created_at,
  read_at = case when m.status <> 'new' then m.created_at + interval '1 day' end,
  emailed_at = m.created_at
from public.contact_messages m
where n.kind = 'contact_message' and n.entity_id = m.id
  and m.email in ('hector.salinas@example.org', 'sarah.cohen@example.com');
delete from public.notifications n using auth.users u where u.id = n.recipient_id and n.created_at < u.created_at;
-- ═══ End of the lead pipeline section ═══════════════════════════════════════════════════════

-- End of the "as" context.
select set_config('request.jwt.claims', '', false);

-- ═══ Project dashboards (decision 0039) ═══════════════════════════════════════════════════════
-- Begin: dashboards seed. Titles in each organization's language. Ribera's commercial dashboard
-- project has its Metabase dashboard (locked to the organization's slug), a Power BI report only
-- Lucía sees and a Tableau Public view that refuses framing (link out only); Kuntur's scoring
-- project has a Looker Studio report. In development the Metabase one needs METABASE_SITE_URL and
-- METABASE_SECRET_KEY (README); without them the portal says it is not available.
insert into public.project_dashboards
  (id, project_id, kind, title, url, metabase_dashboard_id, locked_parameter, audience, position, refuses_framing, created_by, created_at, updated_at)
values
  ('5a000000-0000-4000-8000-000000000001', '1a000000-0000-4000-8000-000000000001', 'metabase',
    'Ventas por tienda', null, 12, 'organizacion', 'everyone', 0, false,
    'a0000000-0000-4000-8000-000000000002', now() - interval '40 days', now() - interval '40 days'),
  ('5a000000-0000-4000-8000-000000000002', '1a000000-0000-4000-8000-000000000001', 'link',
    'Margen por categoría (borrador)', 'https://app.powerbi.com/view?r=demo-ribera-margen', null, null, 'people', 1, false,
    'a0000000-0000-4000-8000-000000000002', now() - interval '12 days', now() - interval '12 days'),
  ('5a000000-0000-4000-8000-000000000003', '1a000000-0000-4000-8000-000000000001', 'link',
    'Stock y roturas por tienda', 'https://public.tableau.com/views/demo-ribera-stock', null, null, 'everyone', 2, true,
    'a0000000-0000-4000-8000-000000000002', now() - interval '30 days', now() - interval '30 days'),
  ('5b000000-0000-4000-8000-000000000001', '1b000000-0000-4000-8000-000000000001', 'link',
    'Credit scoring monitor', 'https://lookerstudio.google.com/embed/reporting/demo-kuntur-scoring', null, null, 'everyone', 0, false,
    'a0000000-0000-4000-8000-000000000001', now() - interval '25 days', now() - interval '25 days');

insert into public.project_dashboard_people (dashboard_id, person_id) values
  ('5a000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-0000000000a1');

insert into public.dashboard_views (dashboard_id, viewer_id, viewed_at) values
  ('5a000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-0000000000a1', now() - interval '2 days'),
  ('5a000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-0000000000a2', now() - interval '7 days'),
  ('5a000000-0000-4000-8000-000000000003', 'c0000000-0000-4000-8000-0000000000a1', now() - interval '1 day 3 hours'),
  ('5b000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-0000000000b2', now() - interval '3 days');
-- End: dashboards seed.
-- ═══ Project plan (decision 0040) ═══════════════════════════════════════════════════════════════
-- Phases, milestones and the hours staff recorded on the demo projects (all but the one still
-- hidden while it is scoped), dated like the rest of the demo. Each plan gives its project the
-- progress typed above (private.plan_progress): the seed's triggers that refresh the progress
-- are off here, so the demo's activity keeps its history, and tests/integration/schema/plan.test.ts
-- holds the two together; so are its notifications (milestones reached, hours past 80% and 100%):
-- they are the plan's history, not news. Kuntur's ingestion project, on hold, shows a progress
-- staff typed over its plan's (70%): 55%.
alter table public.plan_phases disable trigger plan_phases_refresh_progress;
alter table public.plan_time_entries disable trigger plan_time_entries_refresh_progress;
alter table public.plan_milestones disable trigger plan_milestones_notify;
alter table public.plan_time_entries disable trigger plan_time_entries_notify_insert;

insert into public.plan_phases (id, project_id, title, start_date, end_date, status, planned_hours, planned_budget, position, created_at)
select p.id::uuid, p.project_id::uuid, p.title, current_date + p.starts, current_date + p.ends, p.status, p.hours,
  p.hours * r.rate, p.position, pr.created_at + interval '1 day'
from (values
  ('e1a00000-0000-4000-8000-000000000001', '1a000000-0000-4000-8000-000000000001', 'Descubrimiento y KPIs', -150, -131, 'done', 80, 0),
  ('e1a00000-0000-4000-8000-000000000002', '1a000000-0000-4000-8000-000000000001', 'Modelo de datos', -130, -81, 'done', 160, 1),
  ('e1a00000-0000-4000-8000-000000000003', '1a000000-0000-4000-8000-000000000001', 'Construcción del cuadro de mando', -80, 30, 'in_progress', 200, 2),
  ('e1a00000-0000-4000-8000-000000000004', '1a000000-0000-4000-8000-000000000001', 'Despliegue y formación', 31, 60, 'planned', 60, 3),
  ('e1a00000-0000-4000-8000-000000000011', '1a000000-0000-4000-8000-000000000002', 'Evaluación de sistemas', -400, -361, 'done', 120, 0),
  ('e1a00000-0000-4000-8000-000000000012', '1a000000-0000-4000-8000-000000000002', 'Construcción del lakehouse', -360, -181, 'done', 520, 1),
  ('e1a00000-0000-4000-8000-000000000013', '1a000000-0000-4000-8000-000000000002', 'Migración de fuentes', -180, -69, 'done', 360, 2),
  ('e1a00000-0000-4000-8000-000000000021', '1a000000-0000-4000-8000-000000000003', 'Auditoría de datos de clientes', -10, 20, 'in_progress', 60, 0),
  ('e1a00000-0000-4000-8000-000000000022', '1a000000-0000-4000-8000-000000000003', 'Segmentación', 21, 70, 'planned', 120, 1),
  ('e1a00000-0000-4000-8000-000000000023', '1a000000-0000-4000-8000-000000000003', 'Modelo de propensión', 71, 130, 'planned', 160, 2),
  ('e1a00000-0000-4000-8000-000000000024', '1a000000-0000-4000-8000-000000000003', 'Activación en el programa', 131, 150, 'planned', 60, 3),
  ('e1b00000-0000-4000-8000-000000000001', '1b000000-0000-4000-8000-000000000001', 'Data discovery', -120, -96, 'done', 60, 0),
  ('e1b00000-0000-4000-8000-000000000002', '1b000000-0000-4000-8000-000000000001', 'Feature engineering', -95, -41, 'done', 100, 1),
  ('e1b00000-0000-4000-8000-000000000003', '1b000000-0000-4000-8000-000000000001', 'Model development', -40, 40, 'in_progress', 200, 2),
  ('e1b00000-0000-4000-8000-000000000004', '1b000000-0000-4000-8000-000000000001', 'Validation and explainability', 41, 90, 'planned', 140, 3),
  ('e1b00000-0000-4000-8000-000000000011', '1b000000-0000-4000-8000-000000000002', 'Source analysis', -200, -171, 'done', 80, 0),
  ('e1b00000-0000-4000-8000-000000000012', '1b000000-0000-4000-8000-000000000002', 'Streaming pipeline', -170, -61, 'in_progress', 240, 1),
  ('e1b00000-0000-4000-8000-000000000013', '1b000000-0000-4000-8000-000000000002', 'Monitoring and handover', -60, 30, 'planned', 80, 2),
  ('e1b00000-0000-4000-8000-000000000021', '1b000000-0000-4000-8000-000000000003', 'Governance model', -260, -201, 'done', 100, 0),
  ('e1b00000-0000-4000-8000-000000000022', '1b000000-0000-4000-8000-000000000003', 'Critical data elements catalogue', -200, -101, 'done', 160, 1),
  ('e1b00000-0000-4000-8000-000000000023', '1b000000-0000-4000-8000-000000000003', 'Lineage and regulator report', -100, -36, 'done', 120, 2)
) as p (id, project_id, title, starts, ends, status, hours, position)
join public.projects pr on pr.id = p.project_id::uuid
-- Ribera's work is billed at 95 € an hour, Kuntur's at 110 €.
join (values ('0a000000-0000-4000-8000-000000000001'::uuid, 95), ('0b000000-0000-4000-8000-000000000001'::uuid, 110))
  as r (organization_id, rate) on r.organization_id = pr.organization_id;

insert into public.plan_milestones (id, project_id, phase_id, title, due_date, status, reached_at, created_at)
select m.id::uuid, ph.project_id, ph.id, m.title, current_date + m.due, case when m.reached is null then 'pending' else 'reached' end,
  current_date + m.reached + time '17:00', ph.created_at
from (values
  ('e2a00000-0000-4000-8000-000000000001', 'e1a00000-0000-4000-8000-000000000001', 'Especificación de KPIs aprobada', -131, -132),
  ('e2a00000-0000-4000-8000-000000000002', 'e1a00000-0000-4000-8000-000000000002', 'Modelo de datos validado', -81, -78),
  ('e2a00000-0000-4000-8000-000000000003', 'e1a00000-0000-4000-8000-000000000003', 'Prototipo v2 revisado con ventas', -40, -40),
  ('e2a00000-0000-4000-8000-000000000004', 'e1a00000-0000-4000-8000-000000000003', 'Puesta en producción', 30, null),
  ('e2a00000-0000-4000-8000-000000000005', 'e1a00000-0000-4000-8000-000000000004', 'Formación de usuarios completada', 60, null),
  ('e2a00000-0000-4000-8000-000000000011', 'e1a00000-0000-4000-8000-000000000011', 'Arquitectura aprobada', -361, -362),
  ('e2a00000-0000-4000-8000-000000000012', 'e1a00000-0000-4000-8000-000000000012', 'Lakehouse en producción', -181, -183),
  ('e2a00000-0000-4000-8000-000000000013', 'e1a00000-0000-4000-8000-000000000013', 'Migración completada', -69, -69),
  ('e2a00000-0000-4000-8000-000000000021', 'e1a00000-0000-4000-8000-000000000022', 'Segmentos validados', 70, null),
  ('e2a00000-0000-4000-8000-000000000022', 'e1a00000-0000-4000-8000-000000000024', 'Programa activado', 150, null),
  ('e2b00000-0000-4000-8000-000000000001', 'e1b00000-0000-4000-8000-000000000001', 'Data sources signed off', -96, -95),
  ('e2b00000-0000-4000-8000-000000000002', 'e1b00000-0000-4000-8000-000000000002', 'Feature set frozen', -41, -43),
  ('e2b00000-0000-4000-8000-000000000003', 'e1b00000-0000-4000-8000-000000000003', 'Model approved by the credit committee', 40, null),
  ('e2b00000-0000-4000-8000-000000000004', 'e1b00000-0000-4000-8000-000000000004', 'Go-live', 90, null),
  ('e2b00000-0000-4000-8000-000000000011', 'e1b00000-0000-4000-8000-000000000011', 'Sources agreed', -171, -172),
  ('e2b00000-0000-4000-8000-000000000012', 'e1b00000-0000-4000-8000-000000000012', 'Pipeline in staging', -61, null),
  ('e2b00000-0000-4000-8000-000000000021', 'e1b00000-0000-4000-8000-000000000021', 'Governance model approved', -201, -203),
  ('e2b00000-0000-4000-8000-000000000022', 'e1b00000-0000-4000-8000-000000000023', 'Report filed with the regulator', -36, -35)
) as m (id, phase_id, title, due, reached)
join public.plan_phases ph on ph.id = m.phase_id::uuid;

-- The hours used per phase, as entries of at most six hours spread over the phase's days up to
-- yesterday, taken in turn by the admin and the super_admin, at the project's rate.
insert into public.plan_time_entries (phase_id, person_id, worked_on, hours, rate, created_by, created_at)
select ph.id, w.person, w.day, w.hours, ph.planned_budget / ph.planned_hours, w.person, w.day + time '18:00'
from (values
  ('e1a00000-0000-4000-8000-000000000001', 76), ('e1a00000-0000-4000-8000-000000000002', 172),
  ('e1a00000-0000-4000-8000-000000000003', 85),
  ('e1a00000-0000-4000-8000-000000000011', 118), ('e1a00000-0000-4000-8000-000000000012', 540),
  ('e1a00000-0000-4000-8000-000000000013', 352),
  ('e1a00000-0000-4000-8000-000000000021', 40),
  ('e1b00000-0000-4000-8000-000000000001', 58), ('e1b00000-0000-4000-8000-000000000002', 104),
  ('e1b00000-0000-4000-8000-000000000003', 65),
  ('e1b00000-0000-4000-8000-000000000011', 84), ('e1b00000-0000-4000-8000-000000000012', 200),
  ('e1b00000-0000-4000-8000-000000000021', 96), ('e1b00000-0000-4000-8000-000000000022', 170),
  ('e1b00000-0000-4000-8000-000000000023', 118)
) as u (phase_id, used)
join public.plan_phases ph on ph.id = u.phase_id::uuid
cross join lateral (
  select case when i % 2 = 0 then 'a0000000-0000-4000-8000-000000000002'::uuid else 'a0000000-0000-4000-8000-000000000001'::uuid end as person,
    ph.start_date + (i * (least(ph.end_date, current_date - 1) - ph.start_date) / ceil(u.used / 6.0)::integer) as day,
    least(6, u.used - 6 * i) as hours
  from generate_series(0, ceil(u.used / 6.0)::integer - 1) as i
) w;

alter table public.plan_phases enable trigger plan_phases_refresh_progress;
alter table public.plan_time_entries enable trigger plan_time_entries_refresh_progress;
alter table public.plan_milestones enable trigger plan_milestones_notify;
alter table public.plan_time_entries enable trigger plan_time_entries_notify_insert;

-- The ingestion project's typed progress stands over its plan's, as a decision staff took (not
-- an event of the demo's history: no activity entry, its last update unchanged).
alter table public.projects disable trigger projects_log_activity;
alter table public.projects disable trigger projects_set_updated_at;
update public.projects set progress_overridden = true where id = '1b000000-0000-4000-8000-000000000002';
alter table public.projects enable trigger projects_log_activity;
alter table public.projects enable trigger projects_set_updated_at;
-- ═══ End of the project plan ════════════════════════════════════════════════════════════════════
