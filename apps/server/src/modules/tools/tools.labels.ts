import { msg } from '@groundwork/core/messages';
import { containerQr, toolQr } from '@groundwork/core/tools';
import { and, eq, inArray } from 'drizzle-orm';
import type { Content } from 'pdfmake/interfaces';
import { AppError } from '../../graphql/errors.js';
import type { Gated } from '../../graphql/gate.js';
import { type PdfLanguage, renderPdf } from '../../platform/pdf.js';
import { isLanguage, plain } from '../../platform/texts.js';
import { tenants } from '../tenants/tenants.table.js';
import { containers, tools } from './tools.table.js';

type Label = { kind: 'tool' | 'container'; number: string; name: string; id: number };

/**
 * A printable sheet of QR labels, three across: each cell holds the code (pdfmake's native qr, vector, so it prints
 * sharp at any size) and the tool number and name beneath it, for when the camera cannot read it.
 */
function renderLabelSheet(company: string, labels: Label[], lang: PdfLanguage): Promise<Buffer> {
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
    title: plain(lang, 'labels.title'),
    content: rows.length ? [{ table: { widths: ['*', '*', '*'], body: rows, dontBreakRows: true }, layout: 'noBorders' }] : [{ text: '—' }],
  });
}

/** toolLabelSheet: the labels of the given tools (absent: every active tool) and containers, as a PDF. */
export async function labelSheet(
  g: Gated,
  args: { tool_ids?: number[] | null; container_ids?: number[] | null; lang?: string | null },
): Promise<Buffer> {
  const tenant = g.member.tenantUuid;
  if ((args.tool_ids?.length ?? 0) > 2000) throw new AppError('VALIDATION', msg('tools.tooManyLabels', { max: 2000 }));
  const ts = await g.tx
    .select({ id: tools.id, number: tools.tool_number, name: tools.name })
    .from(tools)
    .where(
      and(
        eq(tools.tenant_uuid, tenant),
        args.tool_ids ? inArray(tools.id, args.tool_ids.length ? args.tool_ids : [-1]) : eq(tools.status, 1),
      ),
    )
    .orderBy(tools.tool_number)
    .limit(2000);
  const cs = args.container_ids?.length
    ? await g.tx
        .select({ id: containers.id, name: containers.container_name })
        .from(containers)
        .where(and(eq(containers.tenant_uuid, tenant), inArray(containers.id, args.container_ids)))
    : [];
  const [company] = await g.tx.select({ company: tenants.company }).from(tenants).where(eq(tenants.tenant_uuid, tenant));
  const pdf = await renderLabelSheet(
    company?.company ?? '',
    [
      ...ts.map((t) => ({ kind: 'tool' as const, number: t.number, name: t.name, id: t.id })),
      ...cs.map((c) => ({ kind: 'container' as const, number: c.name, name: '', id: c.id })),
    ],
    // The language asked for, else the requester's saved one.
    isLanguage(args.lang) ? args.lang : (g.ctx.language ?? 'en'),
  );
  return pdf;
}
