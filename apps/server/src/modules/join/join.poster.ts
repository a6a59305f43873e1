import type { PdfBrand, PdfLanguage } from '../../platform/pdf.js';
import { renderPdf } from '../../platform/pdf.js';

const TEXTS: Record<PdfLanguage, { title: string; lead: (company: string) => string; steps: string[]; or: string }> = {
  en: {
    title: 'Join our crew',
    lead: (company) => `Scan the code with your phone's camera to sign up with ${company}.`,
    steps: [
      'Scan the code, or type the link below.',
      'Create your account with your e-mail or phone number, or sign in if you have one.',
      'An admin approves you, and you are in.',
    ],
    or: 'Or open this link:',
  },
  es: {
    title: 'Únete a nuestro equipo',
    lead: (company) => `Escanea el código con la cámara de tu teléfono para registrarte en ${company}.`,
    steps: [
      'Escanea el código, o escribe el enlace de abajo.',
      'Crea tu cuenta con tu correo o tu número de teléfono, o inicia sesión si ya tienes una.',
      'Un administrador te aprueba, y ya estás dentro.',
    ],
    or: 'O abre este enlace:',
  },
};

/** The printable poster of a join link: the company's header, the QR code of the link, and the link itself. */
export function renderJoinPoster(brand: PdfBrand, url: string, lang: PdfLanguage): Promise<Buffer> {
  const t = TEXTS[lang];
  return renderPdf({
    brand,
    lang,
    title: t.title,
    content: [
      { text: t.lead(brand.company), style: 'lead' },
      { qr: url, fit: 280, alignment: 'center', margin: [0, 16, 0, 16], eccLevel: 'M' },
      { ol: t.steps, margin: [0, 0, 0, 16], fontSize: 14 },
      { text: t.or, style: 'small' },
      { text: url, fontSize: 13, bold: true, link: url },
    ],
  });
}
