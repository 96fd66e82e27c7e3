// Copy for the two specialization pages. English source text; Spanish lives in the catalogs.
import { msg } from '@lingui/core/macro'
import type { SpecializationSlug } from '@/lib/pages'
import type { OfferingContent } from './types'
import { specializationCards } from './site-index'

export const specializations: Record<SpecializationSlug, OfferingContent> = {
  'financial-intelligence': {
    ...specializationCards['financial-intelligence'],
    heroTitle: msg`Financial reporting that doesn't have to be rebuilt every month`,
    heroLead: msg`We bring your ERP, bank and budget data into one model that the finance team owns. Month-end reporting, cash forecasts and profitability analysis then come from the same reconciled figures.`,
    problem: [
      msg`In most mid-sized companies, month-end reporting still depends on ERP exports, a chain of spreadsheets and one or two people who know how they fit together. Closing takes eight to twelve working days, and much of that time goes into reconciling figures rather than explaining them.`,
      msg`Cash forecasting usually lives in a separate workbook, updated by hand from the bank portal and the receivables ledger. When the board asks what happens if a large customer pays sixty days late, the answer takes a week instead of an afternoon.`,
      msg`Profitability is the hardest question of all. Margins by product, customer or channel depend on how discounts, rebates, logistics and overheads are allocated, and those rules are rarely written down. Different reports give different answers, and meetings end up discussing whose number is right instead of what to do about it.`,
    ],
    deliverables: [
      {
        title: msg`Month-end reporting pack`,
        text: msg`P&L, balance sheet and cash flow by entity and consolidated, refreshed from the ERP as soon as the books are closed, with drill-down to the journal entry and documented reconciliation checks.`,
      },
      {
        title: msg`Budget vs actual`,
        text: msg`Monthly variance analysis by cost center, account and business unit, with the approved budget and each reforecast loaded next to the actuals instead of pasted in by hand.`,
      },
      {
        title: msg`13-week cash-flow forecast`,
        text: msg`A rolling forecast built from open receivables and payables, payroll, taxes and debt service, with scenarios for late payments and a weekly comparison against actual bank balances.`,
      },
      {
        title: msg`Profitability model`,
        text: msg`Gross and contribution margin by product, customer and channel, with allocation rules agreed with finance, written down and applied the same way in every report.`,
      },
      {
        title: msg`Finance data model and documentation`,
        text: msg`A tested data model that your FP&A team can extend, a glossary of every KPI with its formula and source, and training for the analysts who will maintain it.`,
      },
    ],
    process: [
      {
        title: msg`Diagnosis (2–3 weeks)`,
        text: msg`We review the chart of accounts, how the ERP is set up, the current close calendar and the spreadsheets behind it. You receive a written assessment with the reports to build first, the data issues to fix and a fixed price for the next phase.`,
      },
      {
        title: msg`Finance data model (4–6 weeks)`,
        text: msg`We load ERP, bank and budget data into a governed model, map the chart of accounts to management reporting lines and reconcile every figure with the general ledger before anything is published.`,
      },
      {
        title: msg`Reports and forecasting (4–8 weeks)`,
        text: msg`We build the month-end pack, budget vs actual, cash forecast and profitability analysis together with your controllers, in short iterations checked against real closes.`,
      },
      {
        title: msg`Two closes with your team (about 2 months, part-time)`,
        text: msg`We support your team through two real month-end closes, adjust what needs adjusting and hand over documentation, tests and ownership of the model to finance and IT.`,
      },
    ],
    technologies: ['SAP', 'Microsoft Dynamics 365', 'Odoo', 'Sage', 'a3ERP', 'Power BI', 'Snowflake', 'dbt', 'Excel'],
    faq: [
      {
        question: msg`Our ERP is heavily customized. Is that a problem?`,
        answer: msg`Not usually. Customizations change where the data lives, not what it means. We map them during the diagnosis and reconcile every figure against the general ledger, so by the end they are documented instead of known to only one person.`,
      },
      {
        question: msg`Will this replace our consolidation or budgeting software?`,
        answer: msg`No. If you already use a consolidation or planning tool, we read from it and feed it rather than duplicate it. Where budgeting happens in Excel, we load the approved versions into the model so that budget vs actual needs no copying and pasting.`,
      },
      {
        question: msg`How reliable can a cash-flow forecast be?`,
        answer: msg`It depends on how predictable your collections are. The first weeks rest on known receivables and committed payments and tend to hold up well; further out, the forecast relies on patterns and scenarios. We compare it with actual bank balances every week, so the team knows how far to trust it.`,
      },
      {
        question: msg`Do you need access to our production ERP?`,
        answer: msg`Read-only access is enough, usually through a replica, a reporting database or scheduled exports. We agree the access method with your IT team during the diagnosis, and we never write to the ERP.`,
      },
      {
        question: msg`Who maintains the reports once the project ends?`,
        answer: msg`Your team. We work from the first week with the controllers and analysts who will own the model, document every KPI and transformation, and plan the handover so that new accounts, cost centers or entities can be added without us.`,
      },
    ],
    ctaTitle: msg`Talk to us about your month-end close`,
    ctaText: msg`Tell us which ERP you use, how many entities you report on and how long closing takes today. We'll reply within one business day to arrange a call.`,
  },

  'customer-intelligence': {
    ...specializationCards['customer-intelligence'],
    heroTitle: msg`Know which customers matter, and what they are likely to do next`,
    heroLead: msg`We bring sales, e-commerce, CRM and service data together around each customer, with consent tracked from the source. Marketing, sales and finance then work from the same segments, scores and results.`,
    problem: [
      msg`Customer data in a mid-sized company is usually spread across the ERP, the CRM, the online shop, the e-mail platform and the service desk, each with its own identifier. The same person can appear three or four times, and nobody can say with confidence how many active customers there are.`,
      msg`Without that common view, segments are rebuilt by hand for every campaign, churn is noticed only once customers have already left, and each tool reports its own campaign results, with every channel claiming the same sale.`,
      msg`At the same time, GDPR and local data protection laws limit what can be done with personal data. Consent, purpose and retention have to be respected in every dataset and model, which is hard when nobody knows where customer data has been copied to.`,
    ],
    deliverables: [
      {
        title: msg`Single customer view`,
        text: msg`One customer record that links ERP, CRM, e-commerce and service data, with documented matching rules, a confidence level for each match, and consent and preferences attached.`,
      },
      {
        title: msg`Customer segmentation`,
        text: msg`Segments based on value, purchasing behavior and lifecycle stage, defined with marketing and sales, refreshed automatically and available in the CRM and e-mail tools.`,
      },
      {
        title: msg`Churn and propensity models`,
        text: msg`Scores for each customer's risk of leaving or likelihood to buy a given product, with the main drivers explained and accuracy monitored every month.`,
      },
      {
        title: msg`Customer lifetime value`,
        text: msg`Historical and predicted value by customer and by acquisition channel, so that acquisition and retention budgets can be compared on margin, not on revenue alone.`,
      },
      {
        title: msg`Campaign measurement`,
        text: msg`Control groups and one consistent method to measure what each campaign actually added, reported in one place instead of in each tool's own dashboard.`,
      },
    ],
    process: [
      {
        title: msg`Data and consent audit (2–3 weeks)`,
        text: msg`We list the systems that hold customer data, how customers are identified in each and what consent was collected for which purpose. You receive a written assessment, the use cases to start with and a fixed price for the next phase.`,
      },
      {
        title: msg`Single customer view (4–6 weeks)`,
        text: msg`We build the matching rules and the customer model, review doubtful matches with your team and link consent and preferences, so that only data that may be used is used.`,
      },
      {
        title: msg`Segments and models (6–8 weeks)`,
        text: msg`We define segments with marketing and sales, train churn, propensity and lifetime value models, and test them against past periods before any score reaches a campaign.`,
      },
      {
        title: msg`Activation and measurement (4–6 weeks)`,
        text: msg`We send segments and scores to the CRM and campaign tools, set up control groups for the first campaigns and hand over models, documentation and monitoring to your team.`,
      },
    ],
    technologies: [
      'Salesforce',
      'HubSpot',
      'Microsoft Dynamics 365',
      'Google Analytics 4',
      'BigQuery',
      'Snowflake',
      'dbt',
      'Python',
      'Power BI',
    ],
    faq: [
      {
        question: msg`How much data do we need for churn or propensity models?`,
        answer: msg`Less than is often assumed. A few thousand customers with two or three years of purchase history is usually enough for useful models. If the data falls short, we say so in the audit and start with segmentation and lifetime value, which need less.`,
      },
      {
        question: msg`Are we allowed to use our customer data this way?`,
        answer: msg`That depends on the consent and legal basis you hold for each purpose, which is why we check it before building anything. We work with your data protection officer, document the purpose of every dataset, pseudonymize data where possible and leave out anything that may not be used for analysis or marketing.`,
      },
      {
        question: msg`Do we need a customer data platform (CDP)?`,
        answer: msg`Not necessarily. Many mid-sized companies get the same result from a data warehouse and the CRM and campaign tools they already have. If a CDP makes sense in your case, we'll say so and help you choose one; we don't resell software.`,
      },
      {
        question: msg`How do we know whether a model is working?`,
        answer: msg`Every model is tested on past data before going live and then monitored monthly against what actually happened. For campaigns, we recommend keeping a control group: it is the only reliable way to know how many sales a campaign really added.`,
      },
      {
        question: msg`We sell to businesses, not consumers. Does this still apply?`,
        answer: msg`Yes. In B2B the unit of analysis is usually the account, with its contacts attached, and churn tends to show up as falling order volumes rather than a cancellation. We adapt the customer model and the definitions of churn and value to how your business actually sells.`,
      },
    ],
    ctaTitle: msg`Start with the customer data you already have`,
    ctaText: msg`Tell us which systems hold your customer data and which decision you want to improve first: retention, cross-selling or campaign spend. We'll reply within one business day.`,
  },
}
