import { Box } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import type { ReportResult } from './api';
import type { ReportKey } from './search';

/**
 * The report's chart (MUI X Charts, loaded with this chunk only when a report opens): budget against actual
 * hours for the jobs on the page, regular and overtime hours per week, or how many cards are in each state.
 */
/** A category label on the axis: at most `max` characters, the rest an ellipsis (the tooltip has the full name). */
export const tickLabel = (name: string, max = TICK_CHARS) => (name.length > max ? `${name.slice(0, max - 1).trimEnd()}…` : name);
const TICK_CHARS = 22;
/** Each category's band on a horizontal chart: room for its two bars and its one-line label. */
const ROW_HEIGHT = 36;

/**
 * Bar pairs per named category (job and cost code), laid out horizontally (issue 46): every category gets its label
 * on the vertical axis, however many there are and however narrow the screen, shortened there and given in full in
 * the tooltip; the chart grows a row per category instead of dropping labels that would overlap.
 */
function pairsByName(names: string[], series: { data: number[]; label: string }[]) {
  return (
    <BarChart
      layout="horizontal"
      height={Math.max(160, names.length * ROW_HEIGHT + 80)}
      margin={{ left: 8, right: 16 }}
      yAxis={[
        {
          scaleType: 'band',
          data: names,
          width: 150,
          tickLabelInterval: () => true,
          valueFormatter: (name: string, context) => (context.location === 'tick' ? tickLabel(name) : name),
        },
      ]}
      series={series}
    />
  );
}

export default function ReportChart({ report, result }: { report: ReportKey; result: ReportResult }) {
  const { t } = useTranslation('reports');
  const common = { height: 280, margin: { left: 8, right: 8 } };
  let chart = null;
  if (report === 'labor_budget' && 'group_by' in result) {
    const rows = result.rows;
    chart = pairsByName(
      rows.map((r) => (r.costcode ? `${r.job} ${r.costcode}` : r.job)),
      [
        { data: rows.map((r) => r.hrsbdg), label: t('chart.budget') },
        { data: rows.map((r) => r.actual_hours), label: t('chart.actual') },
      ],
    );
  } else if (report === 'hours' && 'weeks' in result) {
    chart = (
      <BarChart
        {...common}
        xAxis={[{ scaleType: 'band', data: result.weeks.map((w) => w.week_start) }]}
        series={[
          { data: result.weeks.map((w) => w.regular_hours), label: t('chart.regular'), stack: 'hours' },
          { data: result.weeks.map((w) => w.overtime_hours), label: t('chart.overtime'), stack: 'hours' },
        ]}
      />
    );
  } else if (report === 'spend' && 'spent' in result.totals) {
    const rows = (result as Extract<ReportResult, { totals: { spent: number } }>).rows;
    chart = pairsByName(
      rows.map((r) => `${r.job} ${r.costcode ?? ''}`.trim()),
      [
        { data: rows.map((r) => r.matbdg), label: t('chart.material') },
        { data: rows.map((r) => r.spent), label: t('chart.spent') },
      ],
    );
  } else if (report === 'schedule' && 'days' in result) {
    chart = (
      <BarChart
        {...common}
        xAxis={[{ scaleType: 'band', data: result.days.map((d) => d.day) }]}
        series={[
          { data: result.days.map((d) => d.planned), label: t('chart.planned') },
          { data: result.days.map((d) => d.punched), label: t('chart.punched') },
        ]}
      />
    );
  } else if (report === 'tools' && 'window_days' in result) {
    const rows = result.rows;
    chart = (
      <BarChart
        {...common}
        xAxis={[{ scaleType: 'band', data: rows.map((r) => r.tool_number) }]}
        series={[
          { data: rows.map((r) => r.reserved_days), label: t('chart.reservedDays') },
          { data: rows.map((r) => r.overdue), label: t('chart.overdue') },
        ]}
      />
    );
  } else if ('period_start' in result) {
    const keys = ['signed', 'unsigned', 'none'] as const;
    chart = (
      <BarChart
        {...common}
        xAxis={[{ scaleType: 'band', data: keys.map((k) => t(`status.${k}`)) }]}
        series={[{ data: keys.map((k) => result.totals[k]), label: t('chart.people') }]}
      />
    );
  }
  return (
    <Box role="img" aria-label={t('chart.label')} data-testid="report-chart">
      {chart}
    </Box>
  );
}
