import type { PayPeriod } from '@groundwork/core/pay-periods';
import { EXPORT_COLUMNS, type ExportCell, exportFileName, toCsv } from '@groundwork/core/timecards-export';
import { downloadBlob as download } from '../../../lib/export-files';

/** CSV with a byte-order mark, so Excel opens accents (Spanish names) correctly. */
export function downloadCsv(table: ExportCell[][], period: PayPeriod) {
  download(new Blob(['\uFEFF', toCsv(table)], { type: 'text/csv;charset=utf-8' }), exportFileName(period, 'csv'));
}

const HOUR_COLUMNS = new Set<string>(['hours', 'regular_hours', 'overtime_hours']);

/**
 * The same rows as an Excel workbook. exceljs is loaded only when someone exports: it is large and nobody else
 * needs it.
 */
export async function downloadXlsx(table: ExportCell[][], period: PayPeriod, sheetName: string) {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Groundwork';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  const [header, ...body] = table;
  sheet.addRow(header);
  sheet.getRow(1).font = { bold: true };
  // Text cells go in as text: exceljs never turns a string into a formula, so no defusing is needed here.
  for (const line of body) sheet.addRow(line);
  EXPORT_COLUMNS.forEach((key, i) => {
    const column = sheet.getColumn(i + 1);
    column.width = key === 'employee' || key === 'job' || key === 'costcode' || key === 'note' ? 28 : 14;
    if (HOUR_COLUMNS.has(key)) column.numFmt = '0.00';
  });
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: header.length } };
  const buffer = await workbook.xlsx.writeBuffer();
  download(
    new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    exportFileName(period, 'xlsx'),
  );
}
