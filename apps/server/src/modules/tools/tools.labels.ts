import { containerQr, toolQr } from '@groundwork/core/tools';
import type { Content } from 'pdfmake/interfaces';
import { type PdfLanguage, renderPdf } from '../../platform/pdf.js';

export type Label = { kind: 'tool' | 'container'; number: string; name: string; id: number };

const TITLE: Record<PdfLanguage, string> = { en: 'Tool labels', es: 'Etiquetas de herramientas' };

/**
 * A printable sheet of QR labels, three across: each cell holds the code (pdfmake's native qr, vector, so it prints
 * sharp at any size) and the tool number and name beneath it, for when the camera cannot read it.
 */
export function renderLabelSheet(company: string, labels: Label[], lang: PdfLanguage): Promise<Buffer> {
  const cells: Content[] = labels.map((l) => ({
    stack: [
      { qr: l.kind === 'tool' ? toolQr(l.number) : containerQr(l.id), fit: 110, alignment: 'center', eccLevel: 'M' },
      { text: l.number, bold: true, alignment: 'center', margin: [0, 4, 0, 0] },
      { text: l.name, fontSize: 9, alignment: 'center' },
    ],
    margin: [4, 8, 4, 8],
    unbreakable: true,
  }));
  const rows: Content[][] = [];
  for (let i = 0; i < cells.length; i += 3) {
    const row = cells.slice(i, i + 3);
    while (row.length < 3) row.push({ text: '' });
    rows.push(row);
  }
  return renderPdf({
    brand: { company },
    lang,
    title: TITLE[lang],
    content: rows.length ? [{ table: { widths: ['*', '*', '*'], body: rows, dontBreakRows: true }, layout: 'noBorders' }] : [{ text: '—' }],
  });
}
