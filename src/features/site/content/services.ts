// Copy for the four service pages. English is the source language; Spanish lives in the catalogs.
import { msg } from '@lingui/core/macro'
import type { ServiceSlug } from '@/lib/pages'
import type { OfferingContent } from './types'
import { serviceCards } from './site-index'

export const services: Record<ServiceSlug, OfferingContent> = {
  'business-intelligence': {
    ...serviceCards['business-intelligence'],
    heroTitle: msg`One version of the numbers, in every meeting`,
    heroLead: msg`We design the semantic model, KPI definitions and dashboards that let finance, sales and operations stop reconciling spreadsheets and start discussing the business.`,
    problem: [
      msg`The monthly close ends with three versions of revenue: the one in the ERP, the one finance adjusts in Excel and the one sales shows from the CRM. Leadership meetings start with twenty minutes of reconciling figures instead of making decisions.`,
      msg`Reports have grown one request at a time. There are dozens of dashboards, nobody knows which ones are still used, and the same KPI, whether gross margin, active customer or churn, is calculated differently in each of them.`,
      msg`Much of the work depends on one or two analysts who know which query to run and which cells to fix by hand. When they are on holiday, reporting stops; when they leave, the knowledge leaves with them.`,
    ],
    deliverables: [
      {
        title: msg`KPI catalog with agreed definitions`,
        text: msg`Each key metric written down with its formula, source, owner and refresh frequency, reviewed and signed off by the business areas that use it.`,
      },
      {
        title: msg`Certified semantic model`,
        text: msg`A single semantic model with certified measures, so every report calculates revenue, margin and headcount in exactly the same way.`,
      },
      {
        title: msg`Executive and operational dashboards`,
        text: msg`A small set of dashboards designed around the decisions each team makes, with drill-down to transaction level where the data allows it.`,
      },
      {
        title: msg`Automated refresh and monitoring`,
        text: msg`Scheduled refreshes with failure alerts and a visible last-updated date on every report, so nobody presents out-of-date figures without knowing it.`,
      },
      {
        title: msg`Rollout, training and handover`,
        text: msg`Workspaces, permissions and row-level security configured, training sessions for report users and a hands-on handover to your analysts.`,
      },
    ],
    process: [
      {
        title: msg`Weeks 1–2: discovery`,
        text: msg`Interviews with finance, sales and operations, an inventory of existing reports and data sources, and a prioritized list of KPIs to standardize first.`,
      },
      {
        title: msg`Weeks 3–4: definitions and design`,
        text: msg`We agree on each KPI definition with its owner, design the semantic model and validate dashboard mock-ups with the people who will use them.`,
      },
      {
        title: msg`Weeks 5–10: build and validation`,
        text: msg`We build the model and dashboards in short iterations, reconciling every figure against the official close until finance signs off on the numbers.`,
      },
      {
        title: msg`Weeks 11–12: rollout and handover`,
        text: msg`Publication, permissions, user training and documentation. Your team takes ownership, with our support available during the first weeks of use.`,
      },
    ],
    technologies: [
      'Power BI',
      'Microsoft Fabric',
      'Tableau',
      'Looker',
      'dbt',
      'Snowflake',
      'Google BigQuery',
      'Tabular Editor',
      'DAX Studio',
    ],
    faq: [
      {
        question: msg`How is a business intelligence project priced?`,
        answer: msg`We start with a two-week paid discovery at a fixed fee. It produces a scoped plan, and each following phase is quoted at a fixed price, so you know the cost before approving it. We do not bill open-ended hours.`,
      },
      {
        question: msg`We already use Power BI. Do we need to start again?`,
        answer: msg`Rarely. We usually keep the reports that work, consolidate the datasets behind them into a shared semantic model and retire the duplicates. The discovery phase tells you what is worth keeping.`,
      },
      {
        question: msg`Can our own analysts work alongside you?`,
        answer: msg`Yes, and we recommend it. Your analysts join the build from the first iteration, review the model with us and take over maintenance at the end. The goal is that your team can extend the model without us.`,
      },
      {
        question: msg`How long until we see first results?`,
        answer: msg`The first certified dashboard, usually the monthly financial summary, is typically in use around week six. The full timeline depends on the number of data sources and their quality, which discovery measures.`,
      },
      {
        question: msg`Which BI tool do you recommend?`,
        answer: msg`The one that fits your existing licences, skills and budget. For companies already on Microsoft 365, Power BI is usually the most cost-effective choice, but we also work with Tableau and Looker, and we will tell you when your current tool is good enough.`,
      },
    ],
    ctaTitle: msg`Tired of reconciling the same figures every month?`,
    ctaText: msg`Tell us which reports cause the most debate. In a 30-minute call we will explain how we would approach it and what a discovery phase would cover.`,
  },

  'data-architecture': {
    ...serviceCards['data-architecture'],
    heroTitle: msg`A data platform that fits your company, not a vendor's reference diagram`,
    heroLead: msg`We design the architecture behind your reporting and analytics: where data lands, how it is modelled, who can access it and what it costs each month, documented so your team can run it.`,
    problem: [
      msg`Data lives in an ERP, a CRM, an e-commerce platform and a dozen shared spreadsheets, connected by exports and manual copies. Every new question means another extract, and nobody can draw how the pieces fit together.`,
      msg`Other companies went the opposite way: a cloud platform was bought on the strength of a demo, sized for a much larger organization, and the monthly bill keeps rising while half of the services sit unused.`,
      msg`Without an agreed design, each new project makes its own choices about storage, naming and security. A few years later, changing a tool or onboarding a new analyst takes months instead of weeks.`,
    ],
    deliverables: [
      {
        title: msg`Current-state assessment`,
        text: msg`A map of your systems, data flows, volumes and pain points, with risks and quick wins explained in plain language for management.`,
      },
      {
        title: msg`Target architecture`,
        text: msg`Diagrams and a written rationale for each layer, from ingestion and storage to transformation, semantic layer and consumption, with the options considered and why each was chosen or discarded.`,
      },
      {
        title: msg`Cost model`,
        text: msg`An estimate of monthly platform costs under realistic usage, with the levers that control them: compute sizing, auto-suspend, storage tiers and data retention.`,
      },
      {
        title: msg`Security and access design`,
        text: msg`Environments, roles, network boundaries and the way personal data is separated and protected, aligned with your IT policies and GDPR obligations.`,
      },
      {
        title: msg`Phased roadmap`,
        text: msg`A sequence of fixed-scope projects, each delivering something usable, so the migration never depends on a single big-bang go-live.`,
      },
    ],
    process: [
      {
        title: msg`Weeks 1–2: discovery`,
        text: msg`Workshops with IT, finance and the main data users, a review of existing systems and contracts, and an agreed list of requirements and constraints.`,
      },
      {
        title: msg`Weeks 3–4: options and decision`,
        text: msg`We present two or three viable architectures with their costs, risks and required skills, and help your team choose one with full information.`,
      },
      {
        title: msg`Weeks 5–7: detailed design and proof of concept`,
        text: msg`We document the chosen design and build a small proof of concept with one real data source, to check performance and costs before committing.`,
      },
      {
        title: msg`Week 8: roadmap and handover`,
        text: msg`Final architecture documents, cost model and phased roadmap, presented to management and handed over to whoever will build the platform, whether that is our team or yours.`,
      },
    ],
    technologies: [
      'Microsoft Azure',
      'Amazon Web Services',
      'Google Cloud',
      'Snowflake',
      'Databricks',
      'Microsoft Fabric',
      'PostgreSQL',
      'Terraform',
    ],
    faq: [
      {
        question: msg`Do you work with a particular cloud provider?`,
        answer: msg`We work with Azure, AWS and Google Cloud, and the choice depends on what you already use, your team's skills and your existing contracts. For companies already on Microsoft 365, Azure is often the natural option, but it is not a rule.`,
      },
      {
        question: msg`Do we really need a data warehouse or a lakehouse?`,
        answer: msg`Not always. With modest volumes, a well-designed PostgreSQL database and a few scheduled pipelines can be enough for years. We size the architecture to your needs and explain at what point scaling up would pay off.`,
      },
      {
        question: msg`How is an architecture project priced?`,
        answer: msg`After a fixed-fee discovery, the design phase is quoted at a fixed price with a defined list of deliverables. If you later ask us to build the platform, that work is quoted separately, phase by phase.`,
      },
      {
        question: msg`How do you handle GDPR and data residency?`,
        answer: msg`The design identifies where personal data is stored and processed, keeps it in EU regions when required, and defines pseudonymization, retention and access rules. We work with your data protection officer, who has the final say.`,
      },
      {
        question: msg`Will we depend on you to run the platform?`,
        answer: msg`No. The architecture is documented, uses infrastructure as code where it makes sense and relies on widely used tools, so your team or any other provider can operate it. Ongoing support is available, but optional.`,
      },
    ],
    ctaTitle: msg`Planning a new data platform, or rethinking the one you have?`,
    ctaText: msg`Tell us where your data lives today and what you need from it. We will tell you honestly whether a new architecture is worth the investment.`,
  },

  'data-engineering': {
    ...serviceCards['data-engineering'],
    heroTitle: msg`Data pipelines that run on time, and say so when they don't`,
    heroLead: msg`We build and rebuild the pipelines that move data from your ERP, CRM and other systems into your warehouse: version-controlled, tested, monitored and documented.`,
    problem: [
      msg`A nightly job fails silently, and the first person to notice is the sales director asking why yesterday's orders are missing from the dashboard. Someone then spends the morning rerunning scripts by hand.`,
      msg`The logic that turns raw data into reporting tables is spread across stored procedures, scheduled tasks on a single server and macros in a shared folder. There is no version control and no testing, and changing one column can break reports nobody knew depended on it.`,
      msg`Each new data source takes months to integrate, so business teams build their own extracts in the meantime. The backlog grows, and so does the number of figures that do not match.`,
    ],
    deliverables: [
      {
        title: msg`Automated ingestion`,
        text: msg`Connectors for your ERP, CRM, e-commerce and other sources, using managed tools where they are cost-effective and custom code where they are not, with incremental loads wherever possible.`,
      },
      {
        title: msg`Transformation layer in dbt`,
        text: msg`Modular, version-controlled SQL models that take raw data to reporting tables, with the business logic documented next to the code.`,
      },
      {
        title: msg`Automated data tests`,
        text: msg`Checks for freshness, duplicates, missing values, referential integrity and business rules, run on every load and every code change.`,
      },
      {
        title: msg`Orchestration and alerting`,
        text: msg`Scheduled pipelines with dependencies, retries and alerts by e-mail or Microsoft Teams, so failures reach the right person before users notice them.`,
      },
      {
        title: msg`Deployment process and runbook`,
        text: msg`Code review and automated checks before every deployment, plus an operations guide explaining how to diagnose and fix the most common incidents.`,
      },
    ],
    process: [
      {
        title: msg`Weeks 1–2: discovery`,
        text: msg`We review your sources, current jobs and recent incidents, measure data volumes and agree on which pipelines matter most to the business.`,
      },
      {
        title: msg`Weeks 3–4: foundations`,
        text: msg`Repository, environments, deployment process and a first source loaded end to end, so standards are in place before the volume of work grows.`,
      },
      {
        title: msg`Weeks 5–12: build in sprints`,
        text: msg`We migrate or build pipelines in two-week sprints, each ending with tested tables in production and a review with your team.`,
      },
      {
        title: msg`Weeks 13–14: stabilization and handover`,
        text: msg`We monitor the pipelines in production, tune performance and costs, and complete the documentation and training for the people who will run them.`,
      },
    ],
    technologies: [
      'dbt',
      'Apache Airflow',
      'Fivetran',
      'Airbyte',
      'Azure Data Factory',
      'Snowflake',
      'Google BigQuery',
      'Python',
      'GitHub Actions',
    ],
    faq: [
      {
        question: msg`Can you take over pipelines built by another provider?`,
        answer: msg`Yes. We start with an audit of the existing code and jobs, fix what is critical first and propose a gradual migration rather than a rewrite from scratch, unless the audit shows that rewriting would be cheaper.`,
      },
      {
        question: msg`Do you use managed connectors or write custom code?`,
        answer: msg`Both. Managed tools like Fivetran or Airbyte save time on standard sources, but their cost grows with volume. For high-volume or unusual sources, a Python pipeline is often cheaper to run. We compare both options for each source.`,
      },
      {
        question: msg`How is a data engineering project priced?`,
        answer: msg`A fixed-fee discovery is followed by fixed-price phases, each with a defined list of pipelines and tables to deliver. Any change in scope is agreed and quoted before the extra work starts.`,
      },
      {
        question: msg`How long until the first pipeline is in production?`,
        answer: msg`Usually within the first four weeks. The foundations phase ends with at least one source loaded, tested and monitored in production, so your team sees the working standard early on.`,
      },
      {
        question: msg`What happens when a pipeline fails after the project ends?`,
        answer: msg`Your team has the alerts, the runbook and the training to handle common incidents. If you prefer, we offer a support agreement with defined response times, but it is optional.`,
      },
    ],
    ctaTitle: msg`Tired of finding out about failed loads from your users?`,
    ctaText: msg`Tell us about your data sources and the jobs you run today. We will suggest where to start and what a first phase would deliver.`,
  },

  governance: {
    ...serviceCards['governance'],
    heroTitle: msg`Data governance that people actually follow`,
    heroLead: msg`We set up the ownership, definitions, quality rules and access policies your data needs, sized for a mid-sized company: light enough to be used, rigorous enough to stand up to an audit.`,
    problem: [
      msg`When a figure is wrong, nobody knows who should fix it. IT says the data comes from the business, the business says it is a system problem, and the error is corrected in a spreadsheet that will be overwritten next month.`,
      msg`Personal data about customers and employees has been copied into exports, test environments and shared folders over the years. If your data protection officer asked today where a given customer's data is stored, answering would take weeks.`,
      msg`Earlier governance initiatives produced long policy documents and a committee that stopped meeting after three sessions. Many companies concluded that governance is bureaucracy, when the real problem was the approach.`,
    ],
    deliverables: [
      {
        title: msg`Ownership model`,
        text: msg`Named data owners and stewards for each critical domain, such as customers, products, finance and employees, with responsibilities that fit into their existing roles.`,
      },
      {
        title: msg`Data catalog and business glossary`,
        text: msg`Key tables, reports and business terms documented in a searchable catalog, with definitions agreed by their owners.`,
      },
      {
        title: msg`Data quality rules and monitoring`,
        text: msg`Measurable rules for critical data, such as valid tax IDs, complete addresses or no duplicate customers, checked automatically and reported to the owner.`,
      },
      {
        title: msg`Privacy and access policies`,
        text: msg`An inventory of personal data, role-based access policies, retention rules and masking where needed, aligned with GDPR and reviewed with your data protection officer.`,
      },
      {
        title: msg`Lineage from source to report`,
        text: msg`Traceability from each dashboard back to the source systems, so the impact of a change or an error can be assessed in minutes instead of days.`,
      },
    ],
    process: [
      {
        title: msg`Weeks 1–2: assessment`,
        text: msg`Interviews with IT, legal and the main business areas, a review of current policies and incidents, and the choice of two or three priority data domains.`,
      },
      {
        title: msg`Weeks 3–5: roles and rules`,
        text: msg`We agree on owners, key definitions and quality rules for the priority domains, and draft access and retention policies with legal and IT.`,
      },
      {
        title: msg`Weeks 6–10: implementation`,
        text: msg`We set up the catalog, lineage, automated quality checks and access controls in your existing tools, starting with the priority domains.`,
      },
      {
        title: msg`Weeks 11–12: adoption and handover`,
        text: msg`Training for owners and stewards, a simple operating routine with monthly reviews, and a plan to extend governance to further domains.`,
      },
    ],
    technologies: [
      'Microsoft Purview',
      'Unity Catalog',
      'DataHub',
      'OpenMetadata',
      'Great Expectations',
      'Soda',
      'dbt',
      'Snowflake',
    ],
    faq: [
      {
        question: msg`Does governance mean buying an expensive catalog tool?`,
        answer: msg`Not necessarily. Many companies can start with the governance features of their current platform, such as Microsoft Purview or Unity Catalog, or with an open-source catalog. We recommend a paid tool only when the scale justifies it.`,
      },
      {
        question: msg`Will this make us GDPR compliant?`,
        answer: msg`We help you put in place the technical and organizational measures GDPR requires for your data: inventory, access control, retention and traceability. Legal compliance remains the responsibility of your company and its legal advisers, with whom we work closely.`,
      },
      {
        question: msg`How much time will it take from our people?`,
        answer: msg`Data owners usually need two to four hours a week during the project and around one hour a week afterwards. We build roles around existing responsibilities rather than creating new committees.`,
      },
      {
        question: msg`How is a governance project priced?`,
        answer: msg`As with our other services: a fixed-fee assessment, followed by fixed-price phases with defined deliverables. Most companies start with two or three domains and extend governance once it is working.`,
      },
      {
        question: msg`Can governance be introduced without stopping ongoing projects?`,
        answer: msg`Yes. We start with the domains that cause the most problems and add rules to existing pipelines and reports gradually. Ongoing projects adopt the standards as they go, with no freeze on delivery.`,
      },
    ],
    ctaTitle: msg`Does anyone in your company know who owns the customer data?`,
    ctaText: msg`Tell us where the main risks and points of friction are. We will propose a first scope that delivers visible results within a quarter.`,
  },
}
