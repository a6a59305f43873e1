import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { PDFParse } from 'pdf-parse';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import { createMember, createTenant, type TestMember } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import { useTempDir } from '../../testing/uploads.js';
import { jobs } from '../jobs/jobs.table.js';

/**
 * The mail queue with real SMTP (issue 17): a purchase order sent while SMTP is down waits in the queue and is
 * delivered, once, with its PDF, when SMTP is back. The SMTP server is `smtp-server`, started and stopped by the test.
 */

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const filesDir = useTempDir('gw-ordering-mail-');
const t = useTestApp({ config: { filesDir, smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Groundwork <no-reply@groundwork.test>' } });

const received: ParsedMail[] = [];
let smtp: SMTPServer | undefined;

function startSmtp(): Promise<void> {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  return new Promise((resolve) => smtp?.listen(port, '127.0.0.1', () => resolve()));
}
afterAll(() => new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve())));

async function until<T>(fn: () => Promise<T | undefined> | T | undefined, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const queued = async () => {
  const r = (await t.database.db.execute(sql`select state, attempts, last_error from outbox where channel = 'email'`)) as unknown as {
    rows: { state: string; attempts: number; last_error: string | null }[];
  };
  return r.rows;
};

let buyer: TestMember;
let tenant: string;
let job: number;
let vendor: number;

beforeAll(async () => {
  const db = t.database.db;
  tenant = await createTenant(db, 'Summit Ridge Builders');
  buyer = await createMember(db, tenant, { permissions: ['ordering_basic'], firstname: 'Luis' });
  const admin = await createMember(db, tenant, { permissions: ['ordering_admin'] });
  job = await withTenant(
    db,
    tenant,
    async (tx) => (await tx.insert(jobs).values({ tenant_uuid: tenant, job: 'Main Street' }).returning())[0].id,
  );
  const made = await t.gql(
    'mutation($t: ID!, $d: [VendorsInput!]!) { createVendors(tenant_uuid: $t, data: $d) { id } }',
    { t: tenant, d: [{ name: 'Boise Lumber' }] },
    admin.token,
  );
  vendor = made.data?.createVendors[0].id;
});

describe('mail queue: a purchase order sent while SMTP is down', () => {
  it('is kept, retried, and delivered once with its PDF when SMTP is back', async () => {
    const res = await t.gql(
      `mutation($t: ID!, $o: OrderFormInput!) { saveOrder(tenant_uuid: $t, order: $o, send: true) { message order { po_number } } }`,
      {
        t: tenant,
        o: {
          jobs_id: job,
          vendor_id: vendor,
          order_date: '2026-11-23',
          to_emails: 'orders@boiselumber.test; yard@boiselumber.test',
          cc_email: 'pm@summitridge.test',
          lines: [{ description: 'Plywood 3/4 CDX', quantity: 30, unit: 'sheet', unit_cost_cents: 5250 }],
        },
      },
      buyer.token,
    );
    // The answer does not wait for SMTP: the order is saved and the mail queued.
    expect(res.errors).toBeUndefined();
    expect(res.data?.saveOrder.message).toBe('Order added and email sent successfully.');
    const po = `PO-${String(res.data?.saveOrder.order.po_number).padStart(4, '0')}`;

    // SMTP refuses the connection: the row stays queued with the error, to be retried.
    const failed = await until(async () => {
      const rows = await queued();
      return rows[0]?.attempts >= 1 && rows[0].last_error ? rows : undefined;
    });
    expect(failed).toHaveLength(1);
    expect(failed[0].state).toBe('queued');
    expect(received).toHaveLength(0);

    // SMTP comes back; the retry is made due now rather than after its back-off (15 s), and the worker sends it.
    await startSmtp();
    await t.database.db.execute(sql`update outbox set deliver_after = now() where channel = 'email'`);
    const mail = await until(() => received[0]);
    await until(async () => ((await queued()).length === 0 ? true : undefined));
    await new Promise((r) => setTimeout(r, 300));
    expect(received).toHaveLength(1);

    expect(mail.subject).toBe(`Summit Ridge Builders: purchase order ${po}`);
    const addresses = (v: ParsedMail['to']) => (Array.isArray(v) ? v : v ? [v] : []).flatMap((a) => a.value.map((x) => x.address));
    expect(addresses(mail.to)).toEqual(['orders@boiselumber.test', 'yard@boiselumber.test']);
    expect(addresses(mail.cc)).toEqual(['pm@summitridge.test']);
    expect(mail.text).toContain('/po/');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`${po}.pdf`, 'application/pdf']]);
    const text = (await new PDFParse({ data: new Uint8Array(mail.attachments[0].content) }).getText()).text;
    expect(text).toContain(`Purchase order ${po}`);
    expect(text).toContain('Plywood 3/4 CDX');
    expect(text).toContain('$1,575.00');
  }, 60_000);
});
