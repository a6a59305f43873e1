import { readFile } from 'node:fs/promises';
import { FILE_TYPES } from '@groundwork/core/profile';
import sharp from 'sharp';

/**
 * What an upload is, from its bytes: the name's extension only chooses among types whose bytes look alike
 * (a .docx and an .xlsx are both zip files, a .csv and a .txt both text). A renamed executable, script or
 * unknown container is none of these and is refused.
 */
export type Sniffed = {
  /** The extension and mimetype the file is stored under (HEIC/HEIF become jpg once converted). */
  ext: string;
  mimetype: string;
  /** Set for pictures, which are decoded, turned upright, stripped of metadata and given a thumbnail. */
  image?: 'jpeg' | 'png' | 'webp' | 'gif' | 'heic';
};

/** How many bytes of the file sniff() wants to see. */
export const SNIFF_BYTES = 4096;

/** The extensions people may upload: the issue dialog's list (core FILE_TYPES) and HEIF, iPhones' other name. */
export const UPLOAD_EXTENSIONS: ReadonlySet<string> = new Set([...Object.keys(FILE_TYPES), 'heif']);
const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'heic', 'heif']);

const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'dash',
  'msnv',
  'mmp4',
]);

const starts = (head: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
const ascii = (head: Buffer, from: number, to: number) => head.subarray(from, to).toString('latin1');

/** The ISO media file's brands (ftyp box: major brand, then compatible brands), or null when it is not one. */
function isoBrands(head: Buffer): string[] | null {
  if (head.length < 16 || ascii(head, 4, 8) !== 'ftyp') return null;
  const size = Math.min(head.readUInt32BE(0), head.length);
  const brands = [ascii(head, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(head, at, at + 4));
  return brands;
}

/** Text: no NUL bytes and valid UTF-8 (the last character may be cut by the sniffed window). */
function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 3)));
    return true;
  } catch {
    return false;
  }
}

const as = (ext: string, image?: Sniffed['image']): Sniffed => ({ ext, mimetype: FILE_TYPES[ext] ?? 'application/octet-stream', image });

/**
 * The stored type of a file whose first bytes are `head` and whose name ends in `.nameExt`, or null when it is
 * not one people may upload. Pictures are taken for what their bytes say whatever their name (phones are
 * loose with names); every other type's name must agree with its bytes.
 */
export function sniff(head: Buffer, nameExt: string): Sniffed | null {
  if (!UPLOAD_EXTENSIONS.has(nameExt) || head.length === 0) return null;
  const named = (...exts: string[]) => exts.includes(nameExt);
  if (starts(head, [0xff, 0xd8, 0xff])) return IMAGE_EXTENSIONS.has(nameExt) ? as('jpg', 'jpeg') : null;
  if (starts(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return IMAGE_EXTENSIONS.has(nameExt) ? as('png', 'png') : null;
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return IMAGE_EXTENSIONS.has(nameExt) ? as('webp', 'webp') : null;
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return IMAGE_EXTENSIONS.has(nameExt) ? as('gif', 'gif') : null;
  if (ascii(head, 0, 5) === '%PDF-') return named('pdf') ? as('pdf') : null;
  const brands = isoBrands(head);
  if (brands) {
    if (brands.some((b) => HEIC_BRANDS.has(b)) && IMAGE_EXTENSIONS.has(nameExt))
      return { ext: 'jpg', mimetype: 'image/jpeg', image: 'heic' };
    if (brands[0] === 'qt  ' && named('mov')) return as('mov');
    if (brands.some((b) => MP4_BRANDS.has(b)) && named('mp4', 'mov')) return as(nameExt);
    return null;
  }
  // Office files: the old binary ones are OLE2 compound files, the new ones zip archives.
  if (starts(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return named('doc', 'xls') ? as(nameExt) : null;
  if (starts(head, [0x50, 0x4b, 0x03, 0x04])) return named('docx', 'xlsx') ? as(nameExt) : null;
  if (named('txt', 'csv') && looksLikeText(head)) return as(nameExt);
  return null;
}

/** The most pixels a picture may have (a 20 MB upload must not decode into gigabytes). */
const MAX_IMAGE_PIXELS = 100_000_000;
/** Thumbnails fit in this square, as JPEG: small enough to travel inside list rows as thumbnail_base64. */
export const THUMBNAIL_SIZE = 320;
const THUMBNAIL_QUALITY = 70;

export class UnreadableImage extends Error {}

export type ProcessedImage = {
  /** Where the picture to store is: the upload itself when it needed no change, else the rewritten file. */
  path: string;
  ext: string;
  mimetype: string;
  width: number;
  height: number;
  /** The JPEG thumbnail. */
  thumbnail: Buffer;
};

// Decoding is the heavy part of an upload: at most two at a time, whatever the number of uploads arriving.
let running = 0;
const waiting: (() => void)[] = [];
async function oneOfTwo<T>(work: () => Promise<T>): Promise<T> {
  if (running >= 2) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

const input = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' } as const;

/**
 * Makes an uploaded picture safe to keep and show: upright (EXIF orientation applied), without metadata (EXIF
 * with its GPS location, XMP, IPTC, comments), HEIC/HEIF converted to JPEG, plus a JPEG thumbnail. A picture
 * that carries nothing to remove is kept byte for byte; one that cannot be decoded is refused.
 * `source` is the upload on disk, `out` a path for the rewritten picture.
 */
export function processImage(source: string, kind: NonNullable<Sniffed['image']>, out: string): Promise<ProcessedImage> {
  return oneOfTwo(async () => {
    try {
      const stored = kind === 'heic' ? await heicToJpeg(source, out) : await cleanImage(source, kind, out);
      const thumbnail = await sharp(stored.path, input)
        .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: THUMBNAIL_QUALITY })
        .toBuffer();
      return { ...stored, thumbnail };
    } catch (err) {
      if (err instanceof UnreadableImage) throw err;
      throw new UnreadableImage((err as Error).message);
    }
  });
}

async function cleanImage(source: string, kind: 'jpeg' | 'png' | 'webp' | 'gif', out: string) {
  const meta = await sharp(source, input).metadata();
  if (!meta.width || !meta.height) throw new UnreadableImage('no dimensions');
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw new UnreadableImage('too many pixels');
  const orientation = meta.orientation ?? 1;
  const carries = Boolean(meta.exif || meta.xmp || meta.iptc || meta.tifftagPhotoshop || meta.comments?.length || orientation !== 1);
  const ext = kind === 'jpeg' ? 'jpg' : kind;
  const mimetype = `image/${kind}`;
  if (!carries) {
    return { path: source, ext, mimetype, width: meta.width, height: meta.height };
  }
  const animated = (meta.pages ?? 1) > 1;
  let image = sharp(source, { ...input, animated });
  // Orientation belongs to a still photo; an animation is left as drawn.
  if (!animated) image = image.rotate();
  image =
    kind === 'jpeg'
      ? image.jpeg({ quality: 90 })
      : kind === 'png'
        ? image.png()
        : kind === 'webp'
          ? image.webp({ quality: 90 })
          : image.gif();
  // sharp writes no metadata unless asked (no keepExif/withMetadata): the GPS location is gone.
  const info = await image.toFile(out);
  return { path: out, ext, mimetype, width: info.width, height: animated ? (meta.pageHeight ?? info.height) : info.height };
}

/**
 * HEIC/HEIF (iPhone photos): sharp's prebuilt libvips has no HEVC decoder, so libheif (WebAssembly, heic-decode)
 * decodes the pixels, with the file's own rotation (irot/imir) applied, and sharp encodes them as JPEG.
 * Only pixels cross over: none of the file's metadata does.
 */
async function heicToJpeg(source: string, out: string) {
  // libheif reads the header without decoding: refuse a picture too large before spending memory on it.
  const meta = await sharp(source, input)
    .metadata()
    .catch(() => null);
  if (meta?.width && meta.height && meta.width * meta.height > MAX_IMAGE_PIXELS) throw new UnreadableImage('too many pixels');
  // Loaded on the first HEIC: libheif's WebAssembly is not worth loading at start-up for every server.
  const { default: decodeHeic } = await import('heic-decode');
  const decoded = await decodeHeic({ buffer: await readFile(source) });
  if (!decoded.width || !decoded.height || decoded.width * decoded.height > MAX_IMAGE_PIXELS) throw new UnreadableImage('bad HEIC');
  const info = await sharp(Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength), {
    raw: { width: decoded.width, height: decoded.height, channels: 4 },
  })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90 })
    .toFile(out);
  return { path: out, ext: 'jpg', mimetype: 'image/jpeg', width: info.width, height: info.height };
}
