/**
 * Photos and scanned pages are made smaller in the browser before they are sent (issue 13: on a
 * 750 kbps uplink a 4 MB phone photo takes 45 s): scaled down to at most MAX_EDGE_PX on the long side
 * and re-encoded as JPEG, at the best quality that stays within MAX_IMAGE_BYTES. 2000 px across an A4
 * page is about 170 dpi, enough to read a passport number or a certificate. PDFs and images that are
 * small enough already are sent as they are.
 */
export const MAX_IMAGE_BYTES = 500_000;
export const MAX_EDGE_PX = 2000;
const QUALITIES = [0.85, 0.75, 0.65];
/** Below this a smaller scale would cost legibility; the best attempt is sent. */
const MIN_EDGE_PX = 1200;

const SHRINKABLE = new Set(["image/jpeg", "image/png"]);

export function needsShrinking(file: Blob): boolean {
  return SHRINKABLE.has(file.type) && file.size > MAX_IMAGE_BYTES;
}

function canvasOf(width: number, height: number): OffscreenCanvas | HTMLCanvasElement {
  if (typeof OffscreenCanvas !== "undefined") return new OffscreenCanvas(width, height);
  return Object.assign(document.createElement("canvas"), { width, height });
}

async function encode(canvas: OffscreenCanvas | HTMLCanvasElement, quality: number): Promise<Blob> {
  if ("convertToBlob" in canvas) return canvas.convertToBlob({ type: "image/jpeg", quality });
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("The image could not be encoded"))), "image/jpeg", quality),
  );
}

const jpegName = (name: string) => `${name.replace(/\.(png|jpe?g)$/i, "")}.jpg`;

/**
 * The file to send for `file`: the same file, or a JPEG of at most MAX_IMAGE_BYTES (or as close as a
 * legible size allows). An image the browser cannot decode is sent as it is (the server judges it).
 */
export async function shrinkImage(file: File): Promise<File> {
  if (!needsShrinking(file)) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  try {
    let edge = Math.min(MAX_EDGE_PX, Math.max(bitmap.width, bitmap.height));
    let best: Blob | undefined;
    for (;;) {
      const scale = edge / Math.max(bitmap.width, bitmap.height);
      const width = Math.max(1, Math.round(bitmap.width * scale));
      const height = Math.max(1, Math.round(bitmap.height * scale));
      const canvas = canvasOf(width, height);
      const context = canvas.getContext("2d") as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
      // A transparent PNG becomes white paper, not black.
      context.fillStyle = "#fff";
      context.fillRect(0, 0, width, height);
      context.imageSmoothingQuality = "high";
      context.drawImage(bitmap, 0, 0, width, height);
      for (const quality of QUALITIES) {
        const blob = await encode(canvas, quality);
        if (!best || blob.size < best.size) best = blob;
        if (blob.size <= MAX_IMAGE_BYTES) return new File([blob], jpegName(file.name), { type: "image/jpeg", lastModified: file.lastModified });
      }
      if (edge <= MIN_EDGE_PX) break;
      edge = Math.max(MIN_EDGE_PX, Math.round(edge * 0.8));
    }
    return best && best.size < file.size ? new File([best], jpegName(file.name), { type: "image/jpeg", lastModified: file.lastModified }) : file;
  } finally {
    bitmap.close();
  }
}
