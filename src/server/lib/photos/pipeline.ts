import sharp, { type OutputInfo } from "sharp";
import {
  PHOTO_ACCEPTED,
  PHOTO_MAX_BYTES,
  STORED_PHOTO_MAX_SIDE,
} from "../../../core/schemas/identification";
import { AppError } from "../../errors";
import type { PreparedPhoto } from "../../providers/plant-id/plant-identifier";

/** A photo as Tendril keeps it: WebP, upright, no metadata, longest side at most 1024 px. */
export interface StoredPhoto {
  bytes: Buffer;
  mimeType: "image/webp";
  width: number;
  height: number;
}

export interface ProcessedPhoto {
  stored: StoredPhoto;
  /** The same picture as a JPEG, for the identifiers. */
  prepared: PreparedPhoto;
}

export type PhotoType = "jpeg" | "png" | "webp" | "heic" | "avif";

/**
 * The largest photo Tendril reads, in pixels. A few KB of PNG or WebP can claim a huge canvas (a
 * decompression bomb: 100 megapixels cost ~0.7 s of a core to decode), so the size is read from
 * the file's header and a larger photo is refused before any pixel is decoded. 40 megapixels is
 * above the photos phones save by default (12 to 24 MP, 48 only when asked for).
 */
export const MAX_PHOTO_PIXELS = 40_000_000;
const WEBP_QUALITY = 80;
const JPEG_QUALITY = 90;

export const photoTooLarge = () =>
  new AppError(
    413,
    "payload_too_large",
    "Photos can be up to 10 MB: send a JPEG, PNG or WebP image under that size (a phone can " +
      "share a photo at a smaller size).",
  );

const notAPhoto = (what: string) =>
  new AppError(
    415,
    "unsupported_media_type",
    `${what} is not a photo Tendril can read: ${PHOTO_ACCEPTED}.`,
  );

const HEIC_MESSAGE =
  "HEIC photos (the iPhone default) cannot be read by this server: send it as a JPEG instead " +
  "(on an iPhone, Settings › Camera › Formats › Most Compatible, or share the photo as JPEG). " +
  `Tendril reads photos when you ${PHOTO_ACCEPTED}.`;

/** HEIF brands of HEVC-coded images (HEIC); AVIF's are "avif" and "avis". */
const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs"]);

/** The image type from the file's own first bytes: never its name or declared content type. */
export function sniffPhotoType(bytes: Buffer): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return "jpeg";
  }
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return "png";
  }
  if (
    bytes.length >= 12 &&
    bytes.toString("latin1", 0, 4) === "RIFF" &&
    bytes.toString("latin1", 8, 12) === "WEBP"
  ) {
    return "webp";
  }
  if (bytes.length >= 12 && bytes.toString("latin1", 4, 8) === "ftyp") {
    // The major brand, then (within the ftyp box) the compatible brands.
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 64);
    const brands: string[] = [bytes.toString("latin1", 8, 12)];
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(bytes.toString("latin1", at, at + 4));
    if (brands.some((brand) => brand === "avif" || brand === "avis")) return "avif";
    if (brands.some((brand) => HEIC_BRANDS.has(brand) || brand === "mif1" || brand === "msf1")) {
      return "heic";
    }
  }
  return null;
}

/** Whether this server's sharp can decode HEVC-coded HEIF (prebuilt sharp cannot: patents). */
export function heicSupported(): boolean {
  const suffixes = (sharp.format.heif?.input as { fileSuffix?: string[] } | undefined)?.fileSuffix;
  return Array.isArray(suffixes) && suffixes.includes(".heic");
}

/** A photo whose bytes passed the checks that need no decoding: what decodePhoto reads. */
export interface CheckedPhoto {
  bytes: Buffer;
  type: Exclude<PhotoType, "avif">;
  /** Width × height as the header gives them: what decoding it will cost. */
  pixels: number;
}

const damaged = (type: CheckedPhoto["type"]) =>
  new AppError(
    400,
    "invalid_request",
    `That ${type.toUpperCase()} file is damaged or incomplete and cannot be read: take or export ` +
      "the photo again and send the new file.",
  );

/** "100", "40.3": megapixels as a person reads them, never rounded down onto the cap. */
export const megapixels = (pixels: number) => String(Number((pixels / 1_000_000).toFixed(1)));

/** `what`: "is 9999 × 9999 pixels (100 megapixels)". */
const tooManyPixels = (what: string) =>
  new AppError(
    413,
    "payload_too_large",
    `That photo ${what}; Tendril takes photos up to ${megapixels(MAX_PHOTO_PIXELS)} megapixels: ` +
      "send a smaller copy (a phone can share a photo at a smaller size).",
  );

/**
 * Spec §9 / issue 11: at most 10 MB; JPEG, PNG or WebP (HEIC where this sharp decodes it), told
 * from the bytes; at most MAX_PHOTO_PIXELS, told from the header (sharp's metadata() reads the
 * header only). Nothing here decodes pixels, so a refused photo costs next to nothing.
 */
export async function checkPhoto(bytes: Buffer): Promise<CheckedPhoto> {
  if (bytes.length > PHOTO_MAX_BYTES) throw photoTooLarge();
  if (bytes.length === 0) throw notAPhoto("An empty file");
  const type = sniffPhotoType(bytes);
  if (type === "heic" && !heicSupported()) {
    throw new AppError(415, "unsupported_media_type", HEIC_MESSAGE);
  }
  if (type === null || type === "avif") throw notAPhoto("This file");
  let header: { width?: number; height?: number };
  try {
    header = await sharp(bytes, { failOn: "error" }).metadata();
  } catch {
    throw damaged(type);
  }
  const { width = 0, height = 0 } = header;
  if (width * height > MAX_PHOTO_PIXELS) {
    throw tooManyPixels(
      `is ${width} × ${height} pixels (${megapixels(width * height)} megapixels)`,
    );
  }
  return { bytes, type, pixels: width * height };
}

/**
 * Decodes a checked photo: turned upright (EXIF orientation), shrunk to 1024 px on its longest
 * side (never enlarged) and re-encoded, which drops EXIF, GPS and every other metadata: sharp
 * writes none unless asked to. A file that does not decode is a 400. The decoder's own pixel
 * limit stays as a second line, should a header understate the canvas.
 */
export async function decodePhoto({ bytes, type }: CheckedPhoto): Promise<ProcessedPhoto> {
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" })
      .rotate()
      .resize({
        width: STORED_PHOTO_MAX_SIDE,
        height: STORED_PHOTO_MAX_SIDE,
        fit: "inside",
        withoutEnlargement: true,
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    const message = err instanceof Error ? err.message : "";
    if (/pixel limit/i.test(message)) {
      throw tooManyPixels(`has more than ${megapixels(MAX_PHOTO_PIXELS)} megapixels`);
    }
    throw damaged(type);
  }
  const { width, height, channels } = pixels.info;
  const raw = { raw: { width, height, channels } } as const;
  const [webp, jpeg] = await Promise.all([
    sharp(pixels.data, raw).webp({ quality: WEBP_QUALITY }).toBuffer(),
    // Transparent areas become white, not black, for the identifiers.
    sharp(pixels.data, raw)
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer(),
  ]);
  return {
    stored: { bytes: webp, mimeType: "image/webp", width, height },
    prepared: { jpeg, width, height },
  };
}
