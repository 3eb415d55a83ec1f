import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { PHOTO_ACCEPTED, PHOTO_MAX_BYTES } from "../../../core/schemas/identification";
import { z } from "../../../core/schemas/z";
import { AppError, badRequest } from "../../errors";
import { photoTooLarge } from "./pipeline";

/** The multipart field that carries the photo (API.md). */
export const PHOTO_FIELD = "image";

/** OpenAPI only: the multipart form these routes take (the handler reads it, not the validator). */
export const photoFormSchema = z.object({
  image: z.file().describe(`The photo: ${PHOTO_ACCEPTED}.`),
});

/**
 * @fastify/multipart for the calling plugin's routes only: one file of at most 10 MB and a few
 * small fields, so a form can neither fill the memory nor be used to smuggle anything else in.
 */
export async function registerPhotoUploads(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: PHOTO_MAX_BYTES,
      files: 1,
      fields: 10,
      fieldSize: 1000,
      parts: 11,
      headerPairs: 100,
    },
  });
}

const UPLOAD_HELP = `send multipart/form-data with one file in a field named ${PHOTO_FIELD}`;

function uploadError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return photoTooLarge();
  if (code === "FST_FILES_LIMIT") return badRequest(`Send one photo at a time: ${UPLOAD_HELP}.`);
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") {
    return badRequest(`That form has too many fields: ${UPLOAD_HELP}.`);
  }
  return badRequest(`The upload could not be read: ${UPLOAD_HELP}.`);
}

/** The bytes of the one photo in a multipart request (its declared type and name are ignored). */
export async function readPhotoUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      "unsupported_media_type",
      `Send the photo as a form upload: ${UPLOAD_HELP}.`,
    );
  }
  try {
    const part = await request.file();
    if (!part) throw badRequest(`Add a photo: ${UPLOAD_HELP}.`);
    if (part.fieldname !== PHOTO_FIELD) {
      part.file.resume();
      throw badRequest(
        `Send the photo in a field named ${PHOTO_FIELD}, not "${part.fieldname.slice(0, 40)}".`,
      );
    }
    return await part.toBuffer();
  } catch (err) {
    throw uploadError(err);
  }
}

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/**
 * The bytes of a base64 photo or data URL (spec §7 `images`). The size is checked before decoding,
 * so an oversized photo is refused without being held twice; a data URL's declared type is ignored.
 */
export function decodeBase64Photo(text: string): Buffer {
  const comma = text.startsWith("data:") ? text.indexOf(",") : -1;
  if (text.startsWith("data:") && (comma === -1 || !text.slice(0, comma).endsWith(";base64"))) {
    throw badRequest("A data URL photo must be base64: data:image/jpeg;base64,….", [
      { path: "images.0", message: "Use a base64 data URL." },
    ]);
  }
  const base64 = (comma === -1 ? text : text.slice(comma + 1)).replace(/\s+/g, "");
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  if (Math.floor((base64.length * 3) / 4) - padding > PHOTO_MAX_BYTES) throw photoTooLarge();
  if (!BASE64.test(base64) || base64.length % 4 === 1) {
    throw badRequest(`images.0 must be base64 text or a data URL: ${PHOTO_ACCEPTED}.`, [
      { path: "images.0", message: "Not base64." },
    ]);
  }
  return Buffer.from(base64, base64.includes("-") || base64.includes("_") ? "base64url" : "base64");
}
