import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Storage } from '../../platform/storage.js';
import { THUMBNAIL_SIZE } from '../files/files.pipeline.js';

/** A job-site scene drawn as shapes (no text: fonts differ from machine to machine), one per kind of day's work. */
const SCENES: { caption: string; sky: [string, string]; ground: string; shapes: string }[] = [
  {
    caption: 'Footings poured on grid lines A–C',
    sky: ['#8ec5f0', '#dceefb'],
    ground: '#8b7b62',
    shapes:
      '<rect x="90" y="420" width="620" height="46" fill="#b9b6ae"/><rect x="90" y="466" width="620" height="14" fill="#6f6a60"/>' +
      '<rect x="150" y="340" width="10" height="80" fill="#7a7a7a"/><rect x="400" y="340" width="10" height="80" fill="#7a7a7a"/><rect x="650" y="340" width="10" height="80" fill="#7a7a7a"/>',
  },
  {
    caption: 'East wall backfilled and compacted',
    sky: ['#a7c8e0', '#eef3f6'],
    ground: '#7d6a4f',
    shapes:
      '<rect x="80" y="250" width="300" height="230" fill="#c4c0b6"/><polygon points="380,480 760,480 760,380 470,380" fill="#6b5a42"/>' +
      '<rect x="560" y="330" width="120" height="50" rx="8" fill="#f2b233"/><circle cx="580" cy="388" r="16" fill="#333"/><circle cx="660" cy="388" r="16" fill="#333"/>',
  },
  {
    caption: 'Level 2 exterior walls framed',
    sky: ['#7fb6e6', '#d7ebfa'],
    ground: '#9a8b70',
    shapes:
      '<rect x="100" y="300" width="600" height="12" fill="#c8a26b"/><rect x="100" y="180" width="600" height="12" fill="#c8a26b"/>' +
      Array.from({ length: 13 }, (_, i) => `<rect x="${100 + i * 49}" y="180" width="8" height="300" fill="#d6b27a"/>`).join(''),
  },
  {
    caption: 'Anchor bolts and hold-downs set',
    sky: ['#9bbfd9', '#e3edf4'],
    ground: '#8f8572',
    shapes:
      '<rect x="60" y="400" width="680" height="80" fill="#bdbab2"/>' +
      Array.from({ length: 8 }, (_, i) => `<rect x="${110 + i * 80}" y="360" width="8" height="44" fill="#5d6670"/>`).join(''),
  },
  {
    caption: 'North wing corridor drywall hung and taped',
    sky: ['#e9e4da', '#f6f3ee'],
    ground: '#a69d8d',
    shapes:
      '<rect x="40" y="80" width="330" height="400" fill="#e2e0da" stroke="#c9c5bb" stroke-width="4"/>' +
      '<rect x="430" y="80" width="330" height="400" fill="#dcd9d2" stroke="#c9c5bb" stroke-width="4"/>' +
      '<rect x="195" y="80" width="16" height="400" fill="#f7f6f2"/><rect x="585" y="80" width="16" height="400" fill="#f7f6f2"/>',
  },
  {
    caption: 'Roof sheathing and underlayment on the south slope',
    sky: ['#86b9e8', '#d9ecfb'],
    ground: '#84785f',
    shapes:
      '<rect x="140" y="300" width="520" height="180" fill="#c9c2b4"/><polygon points="110,300 400,130 690,300" fill="#3e4752"/>' +
      '<polygon points="400,130 690,300 545,300 400,215" fill="#6a7480"/>',
  },
];

function sceneSvg(scene: (typeof SCENES)[number]): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${scene.sky[0]}"/><stop offset="1" stop-color="${scene.sky[1]}"/></linearGradient></defs>
    <rect width="800" height="600" fill="url(#sky)"/><rect y="480" width="800" height="120" fill="${scene.ground}"/>${scene.shapes}</svg>`);
}

export type DemoPhoto = {
  uuid: string;
  server_filename: string;
  original_name: string;
  bytes: number;
  thumbnail_base64: string;
  caption: string;
};

/**
 * Stores `count` demo site photos for a company (the scenes in turn) and answers their file rows' values; the
 * rows are the caller's to insert, attached to a report. Each is its own object, as an upload would be.
 */
export async function storeDemoPhotos(storage: Storage, tenantUuid: string, count: number): Promise<DemoPhoto[]> {
  const rendered = await Promise.all(
    SCENES.map(async (scene) => {
      const jpeg = await sharp(sceneSvg(scene)).jpeg({ quality: 72 }).toBuffer();
      const thumb = await sharp(jpeg).resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside' }).jpeg({ quality: 70 }).toBuffer();
      return { jpeg, thumbnail_base64: `data:image/jpeg;base64,${thumb.toString('base64')}`, caption: scene.caption };
    }),
  );
  const photos: DemoPhoto[] = [];
  for (let i = 0; i < count; i += 1) {
    const r = rendered[i % rendered.length];
    const uuid = randomUUID();
    const server_filename = `${uuid}.jpg`;
    await storage.put(tenantUuid, server_filename, r.jpeg, { bytes: r.jpeg.length, contentType: 'image/jpeg' });
    photos.push({
      uuid,
      server_filename,
      original_name: `site-photo-${i + 1}.jpg`,
      bytes: r.jpeg.length,
      thumbnail_base64: r.thumbnail_base64,
      caption: r.caption,
    });
  }
  return photos;
}
