/**
 * A photo made small on the phone before it waits in the outbox (issue 24): at most `maxSide` pixels on its longer
 * side, as a JPEG. What is not an image, or cannot be drawn here, is kept as it is; so is a photo the JPEG would not
 * make smaller.
 */
export async function compressPhoto(file: File, maxSide = 1600, quality = 0.7): Promise<{ name: string; blob: Blob }> {
  const original = { name: file.name, blob: file as Blob };
  if (!file.type.startsWith('image/') || file.type === 'image/gif' || typeof createImageBitmap !== 'function') return original;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const blob = await drawJpeg(bitmap, width, height, quality);
    bitmap.close();
    if (!blob || blob.size >= file.size) return original;
    return { name: `${file.name.replace(/\.[^.]+$/, '') || 'photo'}.jpg`, blob };
  } catch {
    return original;
  }
}

/** A JPEG has no transparency: what a PNG left clear is drawn on white, not black. */
function paint(
  ctx: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null,
  bitmap: ImageBitmap,
  width: number,
  height: number,
) {
  if (!ctx) return;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(bitmap, 0, 0, width, height);
}

async function drawJpeg(bitmap: ImageBitmap, width: number, height: number, quality: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    paint(canvas.getContext('2d'), bitmap, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  paint(canvas.getContext('2d'), bitmap, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}
