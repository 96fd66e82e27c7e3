// Copy for the case studies: the list page and one page per case. Three anonymized demo clients
// whose work matches the firm's services and specializations (decision 0041). English is the
// source language; Spanish lives in the catalogs. Each case's card and the services and
// specializations it involved are in case-study-cards.ts, which the service pages load too.
import { msg } from '@lingui/core/macro'
import type { CaseStudySlug } from '@/lib/pages'
import type { CaseStudyContent } from './types'
import { caseStudyCards } from './case-study-cards'

export const caseStudiesPage = {
  eyebrow: msg`Case studies`,
  heroTitle: msg`What we built, and what changed afterwards`,
  heroLead: msg`Three recent projects, told with our clients’ permission and without their names: the problem they brought, what we built with their teams and the results they measured once it was in use.`,
  listTitle: msg`Recent projects`,
  note: msg`Figures measured by each client’s own team, comparing the same period before and after go-live.`,
  ctaTitle: msg`Does one of these problems sound familiar?`,
  ctaText: msg`Tell us where your data stands today. In a 30-minute call, a senior consultant will tell you what we would do first and roughly what it would cost.`,
}

export const caseStudies: Record<CaseStudySlug, CaseStudyContent> = {
  'regional-retail-chain': {
    ...caseStudyCards['regional-retail-chain'],
    client: msg`A regional chain of supermarkets and household stores: 64 stores and about 1,800 employees in the north of Spain.`,
    heroTitle: msg`From a two-day weekly report to sales figures ready on Monday morning`,
    heroLead: msg`A regional retail chain kept its data in the tills, the ERP and the loyalty programme, and no two reports agreed. We built the pipelines, one semantic model and a first set of customer segments with its team.`,
    problem: [
      msg`Every Monday two analysts spent most of two days exporting till files, matching them with stock and margins from the ERP and pasting the result into a workbook for the management committee. By the time it arrived, the week it described was half over.`,
      msg`Store managers, buyers and marketing each had their own figure for like-for-like sales and margin. The loyalty programme, with more than 400,000 active cardholders, was used only to send the same offer to everyone.`,
    ],
    built: [
      {
        title: msg`Nightly pipelines from the tills, the ERP and the loyalty programme`,
        text: msg`Tested models load and reconcile sales, stock, margins and loyalty transactions every night, and raise an alert when a store’s files are missing or its totals do not match the ERP.`,
      },
      {
        title: msg`One semantic model and a KPI catalog`,
        text: msg`Like-for-like sales, gross margin, basket size and stock cover, each defined once with its owner and used by every report.`,
      },
      {
        title: msg`Reports for the committee, buyers and store managers`,
        text: msg`Three sets of dashboards built around the decisions each group makes, with row-level security so that each store manager sees their own stores.`,
      },
      {
        title: msg`Customer segments for the loyalty programme`,
        text: msg`Eight behaviour-based segments and a churn-risk score, refreshed every week, that marketing uses to choose who receives each campaign.`,
      },
    ],
    results: [
      {
        value: msg`2 days → 0`,
        label: msg`of manual work each week on the sales report, now ready before 8:00 on Monday`,
      },
      { value: msg`1`, label: msg`definition of like-for-like sales and margin, shared by all 64 stores` },
      {
        value: msg`+11%`,
        label: msg`response to loyalty campaigns sent by segment, compared with the same offer sent to everyone`,
      },
      {
        value: msg`14 weeks`,
        label: msg`from the first interview to the committee’s first meeting on the new figures`,
      },
    ],
    resultsNote: msg`Campaign response measured by the client’s marketing team over six months, against a control group.`,
    technologies: ['Power BI', 'dbt', 'Snowflake', 'Fivetran', 'Python'],
  },
  'industrial-manufacturer': {
    ...caseStudyCards['industrial-manufacturer'],
    client: msg`A family-owned manufacturer of industrial components with three plants, two in Spain and one in Mexico, and about 600 employees.`,
    heroTitle: msg`A month-end close in four working days instead of nine`,
    heroLead: msg`An industrial manufacturer ran its finance reporting on spreadsheets fed by two ERPs in two currencies. We gave it one data platform, a financial model reconciled with the ledger and a weekly cash forecast.`,
    problem: [
      msg`The Spanish plants used one ERP and the Mexican plant another, with a different chart of accounts and its own currency. Every month the finance team mapped accounts, converted currencies and consolidated in Excel: the close took nine working days, and the board saw a month’s results in the third week of the next.`,
      msg`Cash was managed from bank balances and the controller’s experience. After a year of rising raw-material prices and longer collection times, the company had to draw on its credit lines twice at short notice.`,
    ],
    built: [
      {
        title: msg`A cloud data platform sized for the company`,
        text: msg`Raw, cleaned and reporting layers on Azure, with costs tagged by area and a monthly bill agreed before the build began.`,
      },
      {
        title: msg`Pipelines from both ERPs and the banks`,
        text: msg`Daily loads of the general ledger, receivables, payables and bank statements from all three plants, with account mapping and currency conversion in tested code instead of spreadsheets.`,
      },
      {
        title: msg`A financial model reconciled with the ledger`,
        text: msg`Profit and loss, balance sheet and budget versus actual by plant and product family, reconciled with the general ledger to the cent before every close.`,
      },
      {
        title: msg`A 13-week cash-flow forecast`,
        text: msg`Built from open receivables and payables, each customer’s payment habits and committed purchases, and compared with the actual bank balances every week.`,
      },
    ],
    results: [
      { value: msg`9 → 4`, label: msg`working days to close the month, from the last invoice to the board’s report` },
      {
        value: msg`±6%`,
        label: msg`average gap between the cash position forecast four weeks ahead and the actual bank balance`,
      },
      { value: msg`0`, label: msg`unplanned draws on credit lines in the twelve months after go-live` },
      { value: msg`€2,100`, label: msg`monthly cost of the platform, within the budget agreed before the build` },
    ],
    resultsNote: msg`Close times and forecast accuracy measured by the client’s finance team over the first twelve months.`,
    technologies: [
      'Microsoft Azure',
      'Azure Data Factory',
      'dbt',
      'Power BI',
      'SAP Business One',
      'Microsoft Dynamics 365',
    ],
  },
  'private-clinic-network': {
    ...caseStudyCards['private-clinic-network'],
    client: msg`A network of 22 private outpatient clinics (physiotherapy, dentistry and diagnostic imaging) in central Spain.`,
    heroTitle: msg`Patient data with owners, rules and a record of who sees it`,
    heroLead: msg`A network of private clinics had grown by acquisition and kept each clinic’s systems. We set up practical governance and a shared platform, so managers could report on activity without exporting patient records to spreadsheets.`,
    problem: [
      msg`After five acquisitions the network ran four appointment and clinical-record systems. To report on activity, the operations team exported patient lists to spreadsheets that were e-mailed between clinics: the same patient appeared up to three times, and nobody could say who had a copy.`,
      msg`A data protection audit found that former staff still had access to two of the systems, and the company could not show which data each report used or why. Management wanted better reporting, but not at the price of another finding.`,
    ],
    built: [
      {
        title: msg`Data owners and a shared glossary`,
        text: msg`An owner for each data domain (patients, appointments, billing and staff) and 60 agreed definitions, such as active patient or no-show, published in a catalog anyone can search.`,
      },
      {
        title: msg`Access by role, reviewed every quarter`,
        text: msg`Role-based access to the platform, pseudonymized patient identifiers in every report, a log of every access and a quarterly review of who can see what.`,
      },
      {
        title: msg`Quality rules on the data that matters`,
        text: msg`Automated checks for duplicate patients, missing consent records and appointments without billing, with a weekly summary for each data owner.`,
      },
      {
        title: msg`A shared platform with lineage`,
        text: msg`One platform fed from the four systems, with lineage from each report back to its sources, so that any figure can be traced during an audit.`,
      },
    ],
    results: [
      { value: msg`−87%`, label: msg`duplicate patient records across the four systems` },
      { value: msg`0`, label: msg`patient spreadsheets sent by e-mail since go-live, against about 40 a month before` },
      { value: msg`100%`, label: msg`of the reports traceable to their source systems in the data catalog` },
      {
        value: msg`2 days`,
        label: msg`to answer an auditor’s question about access to patient data, instead of about three weeks`,
      },
    ],
    resultsNote: msg`Duplicates and e-mailed files counted by the client’s data protection officer six months after go-live.`,
    technologies: [
      'Microsoft Purview',
      'Microsoft Azure',
      'dbt',
      'Great Expectations',
      'Power BI',
      'Microsoft Entra ID',
    ],
  },
}
