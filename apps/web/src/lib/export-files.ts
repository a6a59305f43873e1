import { type ExportCell, toCsv } from '@groundwork/core/timecards-export';

export type { ExportCell };

/** Hands the browser a file to save. */
export function downloadBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** CSV with a byte-order mark, so Excel opens accents (Spanish names) correctly; cells that look like formulas are defused. */
export function downloadCsvTable(table: readonly (readonly ExportCell[])[], fileName: string) {
  downloadBlob(new Blob(['\uFEFF', toCsv(table)], { type: 'text/csv;charset=utf-8' }), fileName);
}

/**
 * Tables as the sheets of one Excel workbook (first row bold, frozen and filtered). exceljs is loaded only when
 * someone exports: it is large and nobody else needs it.
 */
export async function downloadXlsxSheets(sheets: { name: string; table: readonly (readonly ExportCell[])[] }[], fileName: string) {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Groundwork';
  workbook.created = new Date();
  for (const { name, table } of sheets) {
    const sheet = workbook.addWorksheet(name.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
    const [header = [], ...body] = table;
    sheet.addRow([...header]);
    sheet.getRow(1).font = { bold: true };
    // Text cells go in as text: exceljs never turns a string into a formula.
    for (const line of body) sheet.addRow([...line]);
    header.forEach((_h, i) => {
      sheet.getColumn(i + 1).width = 24;
    });
    if (header.length) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: header.length } };
  }
  const buffer = await workbook.xlsx.writeBuffer();
  downloadBlob(new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), fileName);
}
