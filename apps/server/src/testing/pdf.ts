/** The text of a PDF's pages (pdf-parse, loaded on first use), from its bytes; the bytes are copied, not handed over. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { PDFParse } = await import('pdf-parse');
  return (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text;
}
