import { inflateSync } from 'node:zlib';

/** A decoded image, always expanded to 8-bit RGBA. */
export interface DecodedPng {
  width: number;
  height: number;
  /** width * height * 4 bytes, row-major, RGBA. */
  data: Uint8Array;
}

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  if (pb <= pc) return b;
  return c;
}

/**
 * Minimal PNG decoder: 8-bit, non-interlaced, colour type 2 (RGB) or 6 (RGBA),
 * filter types 0-4. Enough for Playwright screenshots.
 */
export function decodePng(buffer: Uint8Array): DecodedPng {
  const buf = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  SIGNATURE.forEach((byte, i) => {
    if (buf[i] !== byte) throw new Error('Not a PNG file');
  });

  let offset = 8;
  let width = 0;
  let height = 0;
  let colourType = -1;
  const idat: Buffer[] = [];

  while (offset < buf.length) {
    const length = buf.readUInt32BE(offset);
    const type = buf.toString('ascii', offset + 4, offset + 8);
    const body = buf.subarray(offset + 8, offset + 8 + length);
    offset += 12 + length; // length + type + body + crc

    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const bitDepth = body[8];
      colourType = body[9] ?? -1;
      const interlace = body[12];
      if (bitDepth !== 8) throw new Error(`Unsupported PNG bit depth ${bitDepth}`);
      if (colourType !== 2 && colourType !== 6) {
        throw new Error(`Unsupported PNG colour type ${colourType}`);
      }
      if (interlace !== 0) throw new Error('Interlaced PNGs are not supported');
    } else if (type === 'IDAT') {
      idat.push(body);
    } else if (type === 'IEND') {
      break;
    }
  }

  if (width === 0 || height === 0) throw new Error('PNG has no IHDR');

  const channels = colourType === 6 ? 4 : 3;
  const stride = width * channels;
  const raw = inflateSync(Buffer.concat(idat));
  if (raw.length < height * (stride + 1)) throw new Error('PNG image data is truncated');

  const pixels = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const src = y * (stride + 1) + 1;
    const dst = y * stride;
    for (let i = 0; i < stride; i++) {
      const x = raw[src + i] ?? 0;
      const a = i >= channels ? (pixels[dst + i - channels] ?? 0) : 0;
      const b = y > 0 ? (pixels[dst - stride + i] ?? 0) : 0;
      const c = y > 0 && i >= channels ? (pixels[dst - stride + i - channels] ?? 0) : 0;
      let value: number;
      switch (filter) {
        case 0:
          value = x;
          break;
        case 1:
          value = x + a;
          break;
        case 2:
          value = x + b;
          break;
        case 3:
          value = x + ((a + b) >> 1);
          break;
        case 4:
          value = x + paeth(a, b, c);
          break;
        default:
          throw new Error(`Unknown PNG filter type ${filter} on row ${y}`);
      }
      pixels[dst + i] = value & 0xff;
    }
  }

  if (channels === 4) return { width, height, data: pixels };

  const rgba = new Uint8Array(width * height * 4);
  for (let p = 0, q = 0; p < pixels.length; p += 3, q += 4) {
    rgba[q] = pixels[p] ?? 0;
    rgba[q + 1] = pixels[p + 1] ?? 0;
    rgba[q + 2] = pixels[p + 2] ?? 0;
    rgba[q + 3] = 255;
  }
  return { width, height, data: rgba };
}
