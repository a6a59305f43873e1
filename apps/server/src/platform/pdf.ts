import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { type Language, t } from './texts.js';

/**
 * The one PDF renderer (DESIGN.md "Platform services"): join posters now, purchase orders, daily reports and
 * report exports later. Every document gets the company's header (logo when it has one, and its name), a
 * title, and a footer with page numbers, in English or Spanish. pdfmake on PDFKit, with the standard Helvetica
 * fonts (no font files to ship; WinAnsi covers Spanish). Nothing is read from disk or the network: images come
 * in as bytes, so a document's contents can never make the server fetch anything.
 */

export type PdfLanguage = Language;
export type PdfBrand = {
  company: string;
  /** The company's logo, PNG or JPEG bytes; without one the header shows the name alone. */
  logo?: Buffer | null;
};
export type PdfDocument = {
  brand: PdfBrand;
  lang: PdfLanguage;
  title: string;
  /** The body, in pdfmake's content language (text, columns, tables, qr…). */
  content: Content[];
  pageSize?: 'LETTER' | 'A4';
};

const HELVETICA = { normal: 'Helvetica', bold: 'Helvetica-Bold', italics: 'Helvetica-Oblique', bolditalics: 'Helvetica-BoldOblique' };
const STANDARD_FONTS = new Set(Object.values(HELVETICA));
/** pdfmake (and PDFKit's fonts) load with the first document, not at the server's start. */
type Pdfmake = typeof import('pdfmake');
let loading: Promise<Pdfmake> | undefined;
function pdfmake() {
  loading ??= import('pdfmake').then((mod) => {
    // CommonJS: its exports are the module's default.
    const pdf = ((mod as { default?: Pdfmake }).default ?? mod) as Pdfmake;
    pdf.setFonts({ Helvetica: HELVETICA });
    pdf.setUrlAccessPolicy(() => false);
    // PDFKit's built-in fonts are asked for by name through the same check; nothing else on disk is readable.
    pdf.setLocalAccessPolicy((path) => STANDARD_FONTS.has(path));
    return pdf;
  });
  return loading;
}

function imageDataUrl(bytes: Buffer): string | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return `data:image/png;base64,${bytes.toString('base64')}`;
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return `data:image/jpeg;base64,${bytes.toString('base64')}`;
  return null;
}

/** The company header every document starts with. */
function header(brand: PdfBrand): Content {
  const logo = brand.logo ? imageDataUrl(brand.logo) : null;
  const name: Content = { text: brand.company, style: 'company' };
  return logo
    ? {
        columns: [
          { image: logo, fit: [56, 56], width: 64 },
          { ...name, margin: [0, 16, 0, 0] },
        ],
        columnGap: 12,
        margin: [0, 0, 0, 12],
      }
    : { ...name, margin: [0, 0, 0, 12] };
}

/** Renders `doc` to PDF bytes. */
export async function renderPdf(doc: PdfDocument): Promise<Buffer> {
  const definition: TDocumentDefinitions = {
    pageSize: doc.pageSize ?? 'LETTER',
    pageMargins: [48, 48, 48, 56],
    info: { title: `${doc.title} · ${doc.brand.company}`, author: doc.brand.company, creator: 'Groundwork', producer: 'Groundwork' },
    language: doc.lang,
    defaultStyle: { font: 'Helvetica', fontSize: 12, lineHeight: 1.2 },
    styles: {
      company: { fontSize: 20, bold: true },
      title: { fontSize: 28, bold: true, margin: [0, 8, 0, 12] },
      lead: { fontSize: 16, margin: [0, 0, 0, 8] },
      small: { fontSize: 10, color: '#444444' },
    },
    content: [header(doc.brand), { text: doc.title, style: 'title' }, ...doc.content],
    footer: (page, pages) => ({
      text: t(doc.lang, 'pdf.footer', { page, pages }),
      alignment: 'center',
      style: 'small',
      margin: [0, 16, 0, 0],
    }),
  };
  return (await pdfmake()).createPdf(definition).getBuffer();
}
