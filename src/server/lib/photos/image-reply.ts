import type { FastifyReply, FastifyRequest } from "fastify";
import type { Selectable } from "kysely";
import { z } from "zod";
import type { ImageTable } from "../../db/schema";

type StoredImage = Pick<Selectable<ImageTable>, "id" | "bytes" | "mime_type">;

/** OpenAPI: the photo itself. */
export const imageResponseSchema = {
  description: "The photo (WebP, EXIF and GPS removed)",
  content: { "image/webp": { schema: z.string().describe("binary") } },
};

/**
 * Sends a stored photo. An image id never changes its bytes, so a URL that names it (`?v=`, or an
 * identification's image) may be cached for good; otherwise the browser revalidates with the ETag.
 * Private either way: photos are the gardener's own.
 */
export function sendImage(
  request: FastifyRequest,
  reply: FastifyReply,
  image: StoredImage,
  immutable: boolean,
) {
  const etag = `"${image.id}"`;
  reply
    .header("etag", etag)
    .header(
      "cache-control",
      immutable ? "private, max-age=31536000, immutable" : "private, no-cache",
    );
  if (request.headers["if-none-match"] === etag) return reply.status(304).send();
  return reply.type(image.mime_type).send(image.bytes);
}
