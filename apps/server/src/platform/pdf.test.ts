import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderPdf } from './pdf.js';

const text = async (bytes: Buffer) => (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text;

describe('the PDF renderer', () => {
  it("puts the company's name at the top, the title, the body and page numbers, in English or Spanish", async () => {
    const en = await renderPdf({
      brand: { company: 'Summit Ridge' },
      lang: 'en',
      title: 'Daily report',
      content: [{ text: 'Poured the slab.' }],
    });
    expect(en.subarray(0, 5).toString()).toBe('%PDF-');
    const english = await text(en);
    expect(english.indexOf('Summit Ridge')).toBeLessThan(english.indexOf('Daily report'));
    expect(english).toContain('Poured the slab.');
    expect(english).toContain('Page 1 of 1');
    const spanish = await text(
      await renderPdf({ brand: { company: 'Construcción Año' }, lang: 'es', title: 'Informe diario', content: [] }),
    );
    expect(spanish).toContain('Construcción Año');
    expect(spanish).toContain('Página 1 de 1');
  });

  it('draws a PNG or JPEG logo beside the name, and ignores bytes that are neither', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#b5835a' } })
      .png()
      .toBuffer();
    const plain = await renderPdf({ brand: { company: 'Logo Co' }, lang: 'en', title: 'T', content: [] });
    const withLogo = await renderPdf({ brand: { company: 'Logo Co', logo: png }, lang: 'en', title: 'T', content: [] });
    expect(withLogo.includes('/Subtype /Image')).toBe(true);
    expect(plain.includes('/Subtype /Image')).toBe(false);
    const junk = await renderPdf({ brand: { company: 'Logo Co', logo: Buffer.from('not an image') }, lang: 'en', title: 'T', content: [] });
    expect(junk.includes('/Subtype /Image')).toBe(false);
  });

  it('never reads a file or a URL a document names', async () => {
    await expect(renderPdf({ brand: { company: 'X' }, lang: 'en', title: 'T', content: [{ image: '/etc/passwd' }] })).rejects.toThrow();
    await expect(
      renderPdf({ brand: { company: 'X' }, lang: 'en', title: 'T', content: [{ image: 'https://example.com/x.png' }] }),
    ).rejects.toThrow();
  });
});
