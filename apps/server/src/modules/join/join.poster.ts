import type { PdfBrand, PdfLanguage } from '../../platform/pdf.js';
import { renderPdf } from '../../platform/pdf.js';
import { plain, t as text } from '../../platform/texts.js';

/** The printable poster of a join link: the company's header, the QR code of the link, and the link itself. */
export function renderJoinPoster(brand: PdfBrand, url: string, lang: PdfLanguage): Promise<Buffer> {
  return renderPdf({
    brand,
    lang,
    title: plain(lang, 'poster.title'),
    content: [
      { text: text(lang, 'poster.lead', { company: brand.company }), style: 'lead' },
      { qr: url, fit: 280, alignment: 'center', margin: [0, 16, 0, 16], eccLevel: 'M' },
      { ol: [plain(lang, 'poster.step1'), plain(lang, 'poster.step2'), plain(lang, 'poster.step3')], margin: [0, 0, 0, 16], fontSize: 14 },
      { text: plain(lang, 'poster.or'), style: 'small' },
      { text: url, fontSize: 13, bold: true, link: url },
    ],
  });
}
