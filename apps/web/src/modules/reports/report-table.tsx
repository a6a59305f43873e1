import { Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ReportResult } from './api';
import { type Column, cellText, formatHours, formatMoney, percent } from './columns';
import type { ReportKey } from './search';

interface Props {
  report: ReportKey;
  columns: Column<never>[];
  result: ReportResult;
  page: number;
  rowsPerPage: number;
  onPage: (page: number) => void;
  onRowsPerPage: (rows: number) => void;
}

/** A page of a report's rows with its column headers, the totals over every page, and the server's paging. */
export function ReportTable({ report, columns, result, page, rowsPerPage, onPage, onRowsPerPage }: Props) {
  const { t, i18n } = useTranslation('reports');
  const rows = result.rows as unknown[];
  const totals = totalCells(report, result, i18n.language);
  return (
    <>
      <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('table')}>
        <Table size="small" aria-label={t('table')}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.numeric ? 'right' : 'left'}>
                  {t(`columns.${c.key}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  <Typography color="text.secondary">{t('empty')}</Typography>
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are a page of a report, in the server's order
                <TableRow key={i}>
                  {columns.map((c, j) => (
                    <TableCell
                      key={c.key}
                      component={j === 0 ? 'th' : 'td'}
                      scope={j === 0 ? 'row' : undefined}
                      align={c.numeric ? 'right' : 'left'}
                      data-column={c.key}
                    >
                      {cellText(c, row, t, i18n.language)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
          {totals && rows.length > 0 && (
            <TableFooter>
              <TableRow>
                {columns.map((c, j) => (
                  <TableCell key={c.key} align={c.numeric ? 'right' : 'left'} sx={{ fontWeight: 600 }} data-column={c.key}>
                    {j === 0 ? t('totals') : (totals[c.key] ?? '')}
                  </TableCell>
                ))}
              </TableRow>
            </TableFooter>
          )}
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={result.total}
        page={page}
        rowsPerPage={rowsPerPage}
        rowsPerPageOptions={[25, 50, 100]}
        onPageChange={(_e, p) => onPage(p)}
        onRowsPerPageChange={(e) => onRowsPerPage(Number(e.target.value))}
      />
    </>
  );
}

function totalCells(report: ReportKey, result: ReportResult, language: string): Record<string, string> | null {
  const pct = (v: number | null | undefined) => percent(language, v);
  if (report === 'labor_budget' && 'group_by' in result) {
    const x = result.totals;
    return {
      hrsbdg: formatHours(language, x.hrsbdg),
      actual_hours: formatHours(language, x.actual_hours),
      percent_used: pct(x.percent_used),
    };
  }
  if (report === 'spend' && 'totals' in result && 'spent' in result.totals) {
    const x = result.totals;
    return {
      matbdg: formatMoney(language, x.matbdg),
      receipts: formatMoney(language, x.receipts),
      orders: formatMoney(language, x.orders),
      spent: formatMoney(language, x.spent),
      percent_used: pct(x.percent_used),
    };
  }
  if (report === 'tools' && 'window_days' in result) {
    const x = result.totals;
    return { reserved_days: String(x.reserved_days), utilisation: pct(x.utilisation), overdue: String(x.overdue) };
  }
  if (report === 'schedule' && 'days' in result) {
    const x = result.totals;
    return {
      planned: String(x.planned),
      punched: String(x.punched),
      no_show: String(x.no_show),
      unplanned: String(x.unplanned),
      hours: formatHours(language, x.hours),
    };
  }
  if (report === 'hours' && 'weeks' in result) {
    const x = result.totals;
    return {
      hours: formatHours(language, x.hours),
      regular_hours: formatHours(language, x.regular_hours),
      overtime_hours: formatHours(language, x.overtime_hours),
    };
  }
  return null;
}
