// A project's metrics for staff: one chart per metric (the portal's chart), every recorded point
// with share/hide and delete, a form for one point, and the CSV import (csv-import.tsx).
import { useId, useState } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { msg, plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { CheckboxField, Field, SelectField } from '@/components/form/field'
import { type Outcome } from '@/components/form/form-alert'
import * as formStyles from '@/components/form/form.css'
import { formatMetric, formatPeriodLabel } from '@/lib/format'
import { groupMetrics, MetricCardHead } from '@/features/metrics/metric-series'
import { EmptyState } from '@/components/ui/page-kit'
import * as chart from '@/features/metrics/metric-chart.css'
import * as page from '@/components/ui/page.css'
import { deleteMetric, insertMetrics, setMetricVisible } from '@/features/metrics/admin/api'
import {
  DeleteButton,
  OutcomeMessage,
  Panel,
  SubmitButton,
  useEntryWrite,
  useProjectSave,
  type ProjectRef,
} from '@/components/form/project-form-kit'
import { useRulesForm } from '@/components/form/rules-form'
import { adminMetricsQuery, type AdminMetric } from '@/features/metrics/admin/queries'
import { metricGranularities, metricUnits } from '@/features/metrics/vocabulary'
import { checkMetric, metricFields, type MetricField, metricFailures } from '@/features/metrics/rules'
import { granularityLabels, metricUnitLabels } from '@/features/metrics/labels'
import { labelOf } from '@/lib/labels'
import * as styles from '@/components/form/project-forms.css'
import { DataTable } from '@/components/ui/data-table'
import { useColumnKit } from '@/components/ui/columns'
import { actionName } from '@/lib/action-name'
import { CsvImport } from './csv-import'

export function MetricsAdmin({ project }: { project: ProjectRef }) {
  const { data: metrics } = useSuspenseQuery(adminMetricsQuery(project.id))
  return (
    <>
      <MetricCharts metrics={metrics} />
      <MetricPoints project={project} metrics={metrics} />
      <AddMetricForm project={project} metrics={metrics} />
      <CsvImport project={project} metrics={metrics} />
    </>
  )
}

function MetricCharts({ metrics }: { metrics: AdminMetric[] }) {
  const { i18n } = useLingui()
  const series = groupMetrics(metrics, i18n.locale)
  if (series.length === 0) {
    return (
      <EmptyState>
        <Trans>No metrics have been recorded for this project yet.</Trans>
      </EmptyState>
    )
  }
  return (
    <ul className={chart.metricList}>
      {series.map((metric) => {
        const rows = metric.rows
        const first = rows[0]
        const last = rows[rows.length - 1]
        if (!first || !last) return null
        const label = metric.label
        const count = rows.length
        const from = formatPeriodLabel(first.period_start, metric.granularity, i18n.locale)
        const to = formatPeriodLabel(last.period_start, metric.granularity, i18n.locale)
        const latest = formatMetric(last.value, metric.unit, i18n.locale)
        return (
          <li key={metric.key} className={page.card} data-metric={metric.key}>
            <MetricCardHead
              metric={metric}
              latest={latest}
              to={to}
              summary={i18n._(
                msg({
                  message: plural(count, {
                    one: `${label}: # value, for ${from}. Latest value: ${latest}.`,
                    other: `${label}: # values from ${from} to ${to}. Latest value: ${latest}.`,
                  }),
                }),
              )}
            />
          </li>
        )
      })}
    </ul>
  )
}

function MetricPoints({ project, metrics }: { project: ProjectRef; metrics: AdminMetric[] }) {
  const { t, i18n } = useLingui()
  const kit = useColumnKit<AdminMetric>()
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [open, setOpen] = useState(false)
  const regionId = useId()
  const target = { projectId: project.id, failures: metricFailures, setOutcome }
  const visibility = useEntryWrite(target, ({ id, visible }: { id: string; visible: boolean }) =>
    setMetricVisible(id, visible),
  )
  const removal = useEntryWrite(
    target,
    (id: string) => deleteMetric(id),
    () => t`The value has been deleted.`,
  )
  if (metrics.length === 0) return null
  return (
    <div className={page.section}>
      <OutcomeMessage outcome={outcome} />
      <div>
        <button
          type="button"
          className={page.smallButton}
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <Trans>Hide the recorded values</Trans> : <Trans>Show the recorded values</Trans>}
        </button>
      </div>
      <DataTable
        id={regionId}
        hidden={!open}
        regionLabel={t`Recorded values`}
        caption={<Trans>Recorded values</Trans>}
        rows={metrics}
        columns={[
          {
            key: 'metric',
            header: t`Metric`,
            rowHeader: true,
            cell: (metric) => (
              <>
                {i18n.locale === 'es' ? metric.label_es : metric.label_en}
                <p className={`${page.mutedText} ${styles.code}`}>{metric.metric_key}</p>
              </>
            ),
          },
          {
            key: 'period',
            header: t`Period`,
            nowrap: true,
            cell: (metric) => formatPeriodLabel(metric.period_start, metric.granularity, i18n.locale),
          },
          {
            key: 'value',
            header: t`Value`,
            numeric: true,
            cell: (metric) => formatMetric(metric.value, metric.unit, i18n.locale),
          },
          {
            key: 'target',
            header: t`Target`,
            numeric: true,
            cell: (metric) => (metric.target === null ? '—' : formatMetric(metric.target, metric.unit, i18n.locale)),
          },
          kit.visibleToClient((metric) => metric.visible_to_client),
          kit.actions((metric) => {
            const label = `${i18n.locale === 'es' ? metric.label_es : metric.label_en} · ${formatPeriodLabel(metric.period_start, metric.granularity, i18n.locale)}`
            return (
              <>
                <button
                  type="button"
                  className={page.smallButton}
                  aria-label={actionName(i18n, metric.visible_to_client ? t`Hide from the client` : t`Share`, label)}
                  onClick={() => visibility.mutate({ id: metric.id, visible: !metric.visible_to_client })}
                >
                  {metric.visible_to_client ? <Trans>Hide from the client</Trans> : <Trans>Share</Trans>}
                </button>
                <DeleteButton
                  name={label}
                  question={<Trans>Delete the value of {label}?</Trans>}
                  busy={removal.isPending}
                  onConfirm={() => removal.mutate(metric.id)}
                />
              </>
            )
          }),
        ]}
      />
    </div>
  )
}

type MetricFormValues = Record<Exclude<MetricField, 'visible_to_client'>, string> & { visible_to_client: boolean }

const METRIC_FIELDS = metricFields.filter((field) => field !== 'visible_to_client')

const defaults: MetricFormValues = {
  metric_key: '',
  label_es: '',
  label_en: '',
  unit: 'count',
  granularity: 'month',
  period_start: '',
  period_end: '',
  value: '',
  target: '',
  notes: '',
  visible_to_client: true,
}

function AddMetricForm({ project, metrics }: { project: ProjectRef; metrics: AdminMetric[] }) {
  const { t, i18n } = useLingui()
  const keysListId = useId()
  const { register, handleSubmit, reset, getValues, setValue, outcome, setOutcome, save, errors, isSubmitting } =
    useRulesForm((values: MetricFormValues, locale) => checkMetric(values, locale), {
      ...useProjectSave(project.id, METRIC_FIELDS, metricFailures),
      defaultValues: defaults,
    })
  const known = new Map(metrics.map((metric) => [metric.metric_key, metric]))

  const submit = handleSubmit(async (input) => {
    const { values } = checkMetric(input, i18n.locale)
    if (!values) return
    const saved = await save(() => insertMetrics(project.id, [values]))
    if (!saved) return
    reset(defaults)
    setOutcome({ tone: 'info', text: t`The value has been recorded.` })
  })

  return (
    <Panel title={<Trans>Add a value</Trans>} testId="add-metric">
      <OutcomeMessage outcome={outcome} />
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <div className={styles.formGrid}>
          <Field
            label={t`Metric key`}
            list={keysListId}
            autoComplete="off"
            hint={<Trans>For example net_sales: lowercase letters, digits and underscores.</Trans>}
            error={errors.metric_key?.message}
            {...register('metric_key', {
              onChange: (event: { target: { value: string } }) => {
                // a known key brings its labels, unit and granularity along
                const existing = known.get(event.target.value.trim())
                if (existing && !getValues('label_es') && !getValues('label_en')) {
                  setValue('label_es', existing.label_es)
                  setValue('label_en', existing.label_en)
                  setValue('unit', existing.unit)
                  setValue('granularity', existing.granularity)
                }
              },
            })}
          />
          <datalist id={keysListId}>
            {[...known.keys()].map((key) => (
              <option key={key} value={key} />
            ))}
          </datalist>
          <Field label={t`Label in Spanish`} error={errors.label_es?.message} {...register('label_es')} />
          <Field label={t`Label in English`} error={errors.label_en?.message} {...register('label_en')} />
          <SelectField
            label={t`Unit`}
            error={errors.unit?.message}
            options={metricUnits.map((unit) => ({ value: unit, label: labelOf(i18n, metricUnitLabels, unit) }))}
            {...register('unit')}
          />
          <SelectField
            label={t`Granularity`}
            error={errors.granularity?.message}
            options={metricGranularities.map((code) => ({
              value: code,
              label: labelOf(i18n, granularityLabels, code),
            }))}
            {...register('granularity')}
          />
          <Field
            label={t`Period start`}
            type="date"
            error={errors.period_start?.message}
            {...register('period_start')}
          />
          <Field label={t`Period end`} type="date" error={errors.period_end?.message} {...register('period_end')} />
          <Field
            label={t`Value`}
            inputMode="decimal"
            hint={<Trans>Digits, with a comma or a dot for decimals: 1250,5 or 1250.5.</Trans>}
            error={errors.value?.message}
            {...register('value')}
          />
          <Field
            label={t`Target (optional)`}
            inputMode="decimal"
            error={errors.target?.message}
            {...register('target')}
          />
          <Field label={t`Notes (optional)`} error={errors.notes?.message} {...register('notes')} />
          <div className={styles.wide}>
            <CheckboxField label={t`Visible to the client`} {...register('visible_to_client')} />
          </div>
        </div>
        <div className={styles.actions}>
          <SubmitButton busy={isSubmitting}>
            <Trans>Record the value</Trans>
          </SubmitButton>
        </div>
      </form>
    </Panel>
  )
}
