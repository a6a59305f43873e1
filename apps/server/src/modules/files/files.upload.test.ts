import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/with-tenant.js';
import type { Member } from '../../graphql/gate.js';
import { storageFor } from '../../platform/storage.js';
import { createMember, createTenant, type TestMember } from '../../testing/factories.js';
import { useTestApp } from '../../testing/test-app.js';
import { postFile, useTempDir } from '../../testing/uploads.js';
import { type StoredFile, TENANT_HEADER } from './files.routes.js';
import { attachFiles, registerFileSource } from './files.service.js';
import { files } from './files.table.js';

const filesDir = useTempDir('gw-upload-files-');
const MAX = 1024 * 1024;
const t = useTestApp({ config: { filesDir, filesMaxBytes: MAX } });
const storage = storageFor({ filesDir });

/**
 * An iPhone-like HEIC (HEVC in HEIF, 916 bytes), 64x40, left half red and right half blue, whose EXIF has a GPS
 * position: drawn with sharp as a JPEG with GPS EXIF, then encoded by libheif's heif-enc (x265), `heif-enc -q 40`.
 */
const HEIC = readFileSync(path.join(import.meta.dirname, 'fixtures/photo.heic'));

async function upload(member: TestMember, name: string, content: Buffer, headers: Record<string, string> = {}) {
  const res = await postFile(t.app, member, name, content, { type: 'image/jpeg', headers });
  return { status: res.statusCode, json: res.json() as StoredFile & { message?: string; error?: string } };
}

const download = (member: TestMember | null, url: string, tenant?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...(member ? { authorization: `Bearer ${member.token}` } : {}), ...(tenant ? { [TENANT_HEADER]: tenant } : {}) },
  });

const rowsOf = (tenant: string) => withTenant(t.database.db, tenant, (tx) => tx.select().from(files).where(eq(files.tenant_uuid, tenant)));

/** The picture's size and the colour of the pixel at (x, y). */
async function pixel(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { width: info.width, height: info.height, rgb: [data[at], data[at + 1], data[at + 2]] };
}
const reddish = (rgb: number[]) => rgb[0] > 150 && rgb[1] < 90 && rgb[2] < 90;
const bluish = (rgb: number[]) => rgb[2] > 150 && rgb[0] < 90 && rgb[1] < 90;

/** Whether EXIF data (as sharp reports it) points to a GPS directory (tag 0x8825 in IFD0). */
function hasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0);
  const le = tiff.subarray(0, 2).toString('latin1') === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const ifd0 = le ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
  for (let i = 0; i < u16(ifd0); i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}

const GPS = { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 46/1', GPSLongitudeRef: 'W', GPSLongitude: '79/1 58/1 56/1' };

/** A 60x40 JPEG, left half red and right half blue, stored sideways: EXIF orientation 6 (turn 90° clockwise), with GPS. */
async function sidewaysJpeg(): Promise<Buffer> {
  const [w, h] = [60, 40];
  const raw = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) raw.set(x < w / 2 ? [220, 30, 30] : [30, 30, 220], (y * w + x) * 3);
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 92 })
    .withExif({ IFD0: { Make: 'Apple', Model: 'iPhone' }, IFD3: GPS })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const pdf = (text = 'plan') => Buffer.from(`%PDF-1.7\n${text}\n%%EOF\n`);
const png = () =>
  sharp({ create: { width: 800, height: 500, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer();

let a: TestMember;
let a2: TestMember;
let b: TestMember;
beforeAll(async () => {
  const tenantA = await createTenant(t.database.db);
  a = await createMember(t.database.db, tenantA);
  a2 = await createMember(t.database.db, tenantA);
  b = await createMember(t.database.db, await createTenant(t.database.db));
});

describe('POST /api/files: what is accepted, and what is refused without leaving anything', () => {
  it('refuses an upload over FILES_MAX_MB with 413 and a plain message; no row, no object', async () => {
    const tenant = await createTenant(t.database.db);
    const m = await createMember(t.database.db, tenant);
    const res = await upload(m, 'scan.pdf', Buffer.concat([pdf(), Buffer.alloc(MAX)]));
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ statusCode: 413, message: 'The file is larger than 1 MB.' });
    expect(await rowsOf(tenant)).toEqual([]);
    expect(await storage.list(tenant)).toEqual([]);
    // Right at the limit is fine.
    const fits = await upload(m, 'scan.pdf', Buffer.concat([pdf(), Buffer.alloc(MAX - pdf().length)]));
    expect(fits.status).toBe(201);
  });

  it.each([
    ['an .exe renamed .jpg', 'receipt.jpg', Buffer.concat([Buffer.from('MZ\x90\x00\x03'), Buffer.alloc(200, 1)])],
    ['a script named .png', 'photo.png', Buffer.from('<script>alert(1)</script>')],
    ['a zip named .jpg', 'photo.jpg', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 2)])],
    ['a picture named .pdf', 'invoice.pdf', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])],
    ['an SVG', 'logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['binary named .txt', 'notes.txt', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0])],
    ['an AVIF (not HEIC) named .heic', 'x.heic', Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypavifmif1avifmiaf')])],
  ])('refuses %s with 415; no row, no object', async (_what, name, content) => {
    const tenant = await createTenant(t.database.db);
    const m = await createMember(t.database.db, tenant);
    const res = await upload(m, name, content);
    expect(res.status).toBe(415);
    // Its key and values as GraphQL's refusals carry them: the web shows it in the reader's language (issue 46).
    expect(res.json).toMatchObject({
      statusCode: 415,
      message: 'This type of file cannot be uploaded.',
      message_key: 'files.badType',
      message_values: {},
    });
    expect(await rowsOf(tenant)).toEqual([]);
    expect(await storage.list(tenant)).toEqual([]);
  });

  it.each([
    ['a NUL', 'scan\u0000.pdf'],
    ['a bell (\\u0007)', 'scan\u0007.pdf'],
    ['a DEL', 'scan\u007f.pdf'],
    ['a C1 control (\\u0085)', 'scan\u0085.pdf'],
  ])('refuses a file name with %s with 400 VALIDATION and its message key; no row, no object', async (_what, name) => {
    const tenant = await createTenant(t.database.db);
    const m = await createMember(t.database.db, tenant);
    const res = await upload(m, name, pdf());
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      statusCode: 400,
      status: 400,
      error: 'VALIDATION',
      message: 'A file name cannot contain control characters.',
      message_key: 'files.controlCharacters',
      message_values: {},
    });
    expect(await rowsOf(tenant)).toEqual([]);
    expect(await storage.list(tenant)).toEqual([]);
  });

  it('refuses with 415 a file that starts like a picture but is not one', async () => {
    const tenant = await createTenant(t.database.db);
    const m = await createMember(t.database.db, tenant);
    const res = await upload(m, 'photo.jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 9)]));
    expect(res.status).toBe(415);
    expect(res.json.message).toBe('This picture could not be read. Please try another file.');
    expect(await rowsOf(tenant)).toEqual([]);
    expect(await storage.list(tenant)).toEqual([]);
  });

  it('takes a PDF as sent, without a thumbnail, and answers the contract’s record', async () => {
    const res = await upload(a, 'Invoice 7.pdf', pdf());
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      server_filename: `${res.json.uuid}.pdf`,
      original_name: 'Invoice 7.pdf',
      mimetype: 'application/pdf',
      ext: 'pdf',
      bytes: pdf().length,
      thumbnail_base64: null,
    });
  });

  it('takes a picture by its bytes whatever its name says, with a JPEG thumbnail of at most 320 px', async () => {
    const res = await upload(a, 'IMG_0002.jpg', await png());
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ ext: 'png', mimetype: 'image/png', original_name: 'IMG_0002.jpg' });
    expect(res.json.thumbnail_base64).toMatch(/^data:image\/jpeg;base64,/);
    const thumb = Buffer.from(res.json.thumbnail_base64?.split(',')[1] ?? '', 'base64');
    expect(await sharp(thumb).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 200 });
  });

  it('takes WebP, GIF, office files and text the issue dialog allows', async () => {
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#f00' } })
      .webp()
      .toBuffer();
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00f' } })
      .gif()
      .toBuffer();
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 2)]);
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(100)]);
    const cases: [string, Buffer, string][] = [
      ['a.webp', webp, 'image/webp'],
      ['a.gif', gif, 'image/gif'],
      ['a.docx', zip, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['a.xlsx', zip, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['a.xls', ole, 'application/vnd.ms-excel'],
      ['a.csv', Buffer.from('date,amount\n2026-01-02,12.50\n'), 'text/csv'],
      ['a.txt', Buffer.from('Pour at 7, café ☕'), 'text/plain'],
    ];
    for (const [name, content, mimetype] of cases) {
      const res = await upload(a, name, content);
      expect(res.status, name).toBe(201);
      expect(res.json.mimetype, name).toBe(mimetype);
    }
  });
});

describe('pictures come out upright, as JPEG where they were HEIC, without their location', () => {
  it('turns a sideways JPEG (EXIF orientation 6) upright and drops its EXIF, GPS included, from the file and the thumbnail', async () => {
    const sideways = await sidewaysJpeg();
    const before = await sharp(sideways).metadata();
    expect(before).toMatchObject({ width: 60, height: 40, orientation: 6 });
    expect(hasGps(before.exif)).toBe(true);

    const res = await upload(a, 'IMG_0001.JPG', sideways);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ ext: 'jpg', mimetype: 'image/jpeg', original_name: 'IMG_0001.JPG' });
    const stored = (await download(a, `/api/files/${res.json.uuid}`)).rawPayload;
    expect(stored.length).toBe(res.json.bytes);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 40, height: 60 });
    expect(meta.orientation ?? 1).toBe(1);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    // Turned clockwise: what was the left (red) is now the top.
    expect(reddish((await pixel(stored, 20, 5)).rgb)).toBe(true);
    expect(bluish((await pixel(stored, 20, 55)).rgb)).toBe(true);

    const thumb = (await download(a, `/api/files/${res.json.uuid}/thumbnail`)).rawPayload;
    const thumbMeta = await sharp(thumb).metadata();
    expect(thumbMeta).toMatchObject({ format: 'jpeg', width: 40, height: 60 });
    expect(thumbMeta.exif).toBeUndefined();
    expect(thumb.equals(Buffer.from(res.json.thumbnail_base64?.split(',')[1] ?? '', 'base64'))).toBe(true);
  });

  it('converts a HEIC to an upright JPEG (kept under its original name), with a JPEG thumbnail, no GPS in either', async () => {
    const source = await sharp(HEIC).metadata();
    expect(source).toMatchObject({ format: 'heif', compression: 'hevc', width: 64, height: 40 });
    expect(hasGps(source.exif)).toBe(true);

    const res = await upload(a, 'IMG_4032.HEIC', HEIC);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ original_name: 'IMG_4032.HEIC', ext: 'jpg', mimetype: 'image/jpeg' });
    expect(res.json.server_filename).toBe(`${res.json.uuid}.jpg`);

    const full = await download(a, `/api/files/${res.json.uuid}`);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(full.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 40 });
    expect(meta.exif).toBeUndefined();
    expect(reddish((await pixel(full.rawPayload, 5, 20)).rgb)).toBe(true);
    expect(bluish((await pixel(full.rawPayload, 58, 20)).rgb)).toBe(true);

    const thumb = await download(a, `/api/files/${res.json.uuid}/thumbnail`);
    expect(thumb.statusCode).toBe(200);
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect(thumbMeta).toMatchObject({ format: 'jpeg', width: 64, height: 40 });
    expect(thumbMeta.exif).toBeUndefined();

    const [row] = (await rowsOf(a.tenantUuid)).filter((r) => r.uuid === res.json.uuid);
    expect(row).toMatchObject({ original_name: 'IMG_4032.HEIC', ext: 'jpg', mimetype: 'image/jpeg', bytes: full.rawPayload.length });
    const object = await storage.get(a.tenantUuid, res.json.server_filename);
    expect(object && (await buffer(object.body)).equals(full.rawPayload)).toBe(true);
  });
});

describe('GET /api/files/<uuid> and /thumbnail: only for whoever may read the file’s record', () => {
  // A stand-in area whose readers the test decides.
  const readable = new Set<string>();
  registerFileSource('test_records', async (_tx, _member, uuids) => new Set(uuids.filter((u) => readable.has(u))));
  const asMember = (m: TestMember): Member => ({
    tenantUuid: m.tenantUuid,
    identity: m.identity,
    employeeId: m.employeeId,
    isAdmin: false,
    permissions: new Set(),
    off: new Set(),
  });
  const attach = (m: TestMember, table: string, record: string, uuids: string[]) =>
    withTenant(t.database.db, m.tenantUuid, (tx) => attachFiles(tx, asMember(m), table, record, uuids));

  it('serves an unattached upload to its uploader only, inline under its own name, privately cached', async () => {
    const photo = await upload(a, 'site photo.png', await png());
    const own = await download(a, `/api/files/${photo.json.uuid}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['content-disposition']).toBe(`inline; filename="site photo.png"; filename*=UTF-8''site%20photo.png`);
    expect(own.headers['cache-control']).toMatch(/^private/);
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect((await download(a, `/api/files/${photo.json.uuid}/thumbnail`)).statusCode).toBe(200);
    // A colleague of the same company, another company's member, nobody.
    for (const url of [
      `/api/files/${photo.json.uuid}`,
      `/api/files/${photo.json.uuid}/thumbnail`,
      `/api/files/${photo.json.server_filename}`,
    ]) {
      expect((await download(a2, url)).statusCode, url).toBe(404);
      expect((await download(b, url)).statusCode, url).toBe(404);
      expect((await download(b, url, a.tenantUuid)).statusCode, url).toBe(404);
      expect((await download(null, url)).statusCode, url).toBe(401);
    }
  });

  it("serves an attached file to whoever may read its record, and to nobody else, another company's member included", async () => {
    const record = randomUUID();
    const photo = await upload(a, 'receipt.jpg', await sidewaysJpeg());
    await attach(a, 'test_records', record, [photo.json.uuid]);
    const urls = [`/api/files/${photo.json.uuid}`, `/api/files/${photo.json.uuid}/thumbnail`];
    for (const url of urls) {
      // The record's reader says no: not even the uploader.
      expect((await download(a, url)).statusCode, url).toBe(404);
      expect((await download(a2, url)).statusCode, url).toBe(404);
    }
    readable.add(record);
    for (const url of urls) {
      expect((await download(a, url)).statusCode, url).toBe(200);
      expect((await download(a2, url)).statusCode, url).toBe(200);
      expect((await download(b, url)).statusCode, url).toBe(404);
    }
    // Detached from its record (left out of the list): gone for everyone.
    await attach(a, 'test_records', record, []);
    expect((await download(a, urls[0])).statusCode).toBe(404);
  });

  it('serves nothing of a table no area registered, nor a thumbnail of a PDF, nor unknown names', async () => {
    const doc = await upload(a, 'plan.pdf', pdf());
    expect((await download(a, `/api/files/${doc.json.uuid}/thumbnail`)).statusCode).toBe(404);
    await attach(a, 'unregistered_table', randomUUID(), [doc.json.uuid]);
    expect((await download(a, `/api/files/${doc.json.uuid}`)).statusCode).toBe(404);
    for (const url of [
      `/api/files/${randomUUID()}`,
      '/api/files/..%2f..%2fetc%2fpasswd',
      `/api/files/${randomUUID()}/thumbnail`,
      '/api/files/x/thumbnail',
    ]) {
      expect((await download(a, url)).statusCode, url).toBe(404);
    }
  });

  it('keeps the old /api/files/<server_filename> links of issue attachments: the reporter and the company’s admins', async () => {
    const admin = await createMember(t.database.db, a.tenantUuid, { isAdmin: true });
    const shot = await upload(a, 'spinner.png', await png());
    const submitted = await t.gql(
      `mutation($t: ID!, $f: [String!]) { submitIssue(tenant_uuid: $t, user_name: "Rosa", user_email: "rosa@example.com", subject: "Stuck", description: "Spinner.", attached_files: $f) }`,
      { t: a.tenantUuid, f: [shot.json.server_filename] },
      a.token,
    );
    expect(submitted).toEqual({ data: { submitIssue: true } });
    const url = `/api/files/${shot.json.server_filename}`;
    expect((await download(a, url)).statusCode).toBe(200);
    expect((await download(admin, url)).statusCode).toBe(200);
    expect((await download(admin, `/api/files/${shot.json.uuid}`)).statusCode).toBe(200);
    expect((await download(a2, url)).statusCode).toBe(404);
    expect((await download(b, url)).statusCode).toBe(404);
  });

  it("attachFiles refuses another person's unattached upload and another company's file, and takes one's own", async () => {
    const mine = await upload(a, 'mine.pdf', pdf('mine'));
    const colleagues = await upload(a2, 'theirs.pdf', pdf('theirs'));
    const otherCompany = await upload(b, 'other.pdf', pdf('other'));
    const record = randomUUID();
    for (const uuids of [[colleagues.json.uuid], [mine.json.uuid, colleagues.json.uuid], [otherCompany.json.uuid]]) {
      await expect(attach(a, 'test_records', record, uuids)).rejects.toMatchObject({
        extensions: { code: 'VALIDATION' },
        message: 'One or more files could not be attached. Please upload them again.',
      });
    }
    await attach(a, 'test_records', record, [mine.json.uuid]);
    const [row] = (await rowsOf(a.tenantUuid)).filter((r) => r.uuid === mine.json.uuid);
    expect(row).toMatchObject({ source_table: 'test_records', source_uuid: record, status: 1 });
    // Once attached it is no longer anyone's to attach elsewhere.
    await expect(attach(a, 'test_records', randomUUID(), [mine.json.uuid])).rejects.toMatchObject({ extensions: { code: 'VALIDATION' } });
  });
});
