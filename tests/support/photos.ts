import zlib from "node:zlib";
import sharp from "sharp";
import type {
  IdentifyCandidate,
  PlantIdentifier,
  PreparedPhoto,
} from "../../src/server/providers/plant-id/plant-identifier";

/** A photo-like JPEG: a colour gradient (so it is not a trivial flat image) of this size. */
export async function jpegPhoto(width = 1600, height = 1200): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = 120 + ((y * 100) / height) * Math.sin(x / 40);
      pixels[at + 2] = (y * 255) / height;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * A JPEG as a phone writes one: EXIF with the camera, a GPS position and orientation 6 (the
 * camera was turned: the picture is stored landscape and shown portrait).
 */
export async function phoneJpegWithGps(width = 1600, height = 1200): Promise<Buffer> {
  return sharp(await jpegPhoto(width, height))
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Pocket 9" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "37/1 46/1 2998/100",
        GPSLongitudeRef: "W",
        GPSLongitude: "122/1 25/1 984/100",
      },
    })
    .jpeg()
    .toBuffer();
}

/** Whether an EXIF block holds a GPS IFD pointer (tag 0x8825, in either byte order). */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

export async function pngPhoto(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: "#3c9a4080" } })
    .png()
    .toBuffer();
}

export async function webpPhoto(width = 500, height = 800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#2e7d32" } })
    .webp()
    .toBuffer();
}

/**
 * A decompression bomb: a white 1-bit PNG of `width` × `height`, written by hand (sharp takes
 * seconds to encode one this large). 9000 × 9000 is about 10 KB and decodes to 81 megapixels.
 */
export function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const frame = Buffer.alloc(12 + data.length);
    frame.writeUInt32BE(data.length, 0);
    typed.copy(frame, 4);
    frame.writeUInt32BE(zlib.crc32(typed), 4 + typed.length);
    return frame;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth; colour type 0 (grey), no interlace
  // Each row: filter byte 0, then width bits of white.
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0;
  const rows = Buffer.alloc(row.length * height);
  for (let y = 0; y < height; y++) row.copy(rows, y * row.length);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A file of `size` bytes that starts like a JPEG (the size check comes before decoding). */
export function oversizedJpeg(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x41);
  bytes.set([0xff, 0xd8, 0xff, 0xe0], 0);
  return bytes;
}

/** A multipart/form-data body with one file part (and optional text fields). */
export function multipart(
  file: Buffer,
  options: {
    field?: string;
    filename?: string;
    contentType?: string;
    fields?: Record<string, string>;
  } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----tendril${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(options.fields ?? {})) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? "image"}"; ` +
        `filename="${options.filename ?? "leaf.jpg"}"\r\nContent-Type: ${options.contentType ?? "image/jpeg"}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

export interface StubIdentifier extends PlantIdentifier {
  /** Every photo it was shown, in order. */
  seen: PreparedPhoto[];
  /** The next answers, in order; when none is queued, `fallback` answers. */
  queue: { recognised: boolean; candidates: IdentifyCandidate[] }[];
  closed: boolean;
}

export const SUNFLOWER: IdentifyCandidate[] = [
  {
    scientificName: "Helianthus annuus",
    commonNames: ["Common sunflower", "Sunflower"],
    confidence: 0.94,
  },
  {
    scientificName: "Helianthus tuberosus",
    commonNames: ["Jerusalem artichoke"],
    confidence: 0.03,
  },
];

/**
 * A stand-in for the offline model in tests of the HTTP layer: it records what it was shown and
 * answers what the test queued (a sunflower otherwise). The real model has tests of its own.
 */
export function stubIdentifier(
  fallback: { recognised: boolean; candidates: IdentifyCandidate[] } = {
    recognised: true,
    candidates: SUNFLOWER,
  },
): StubIdentifier {
  const stub: StubIdentifier = {
    engine: "offline",
    seen: [],
    queue: [],
    closed: false,
    async identify(photo) {
      stub.seen.push(photo);
      const answer = stub.queue.shift() ?? fallback;
      return { engine: "offline", ...answer };
    },
    async close() {
      stub.closed = true;
    },
  };
  return stub;
}
