import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "../../../../core/schemas/error";
import { harvestIdParamsSchema, harvestSchema } from "../../../../core/schemas/harvest";
import { photoQuerySchema } from "../../../../core/schemas/identification";
import { currentUser } from "../../../auth/session";
import { notFound } from "../../../errors";
import { abortWhenClientLeaves } from "../../../lib/client-gone";
import { imageResponseSchema, sendImage } from "../../../lib/photos/image-reply";
import type { PhotoGate } from "../../../lib/photos/photo-gate";
import { photoFormSchema, readPhotoUpload, registerPhotoUploads } from "../../../lib/photos/upload";
import type { HarvestService } from "./harvests-service";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/**
 * A harvest's optional photo, through the same photo gate as plant photos (type from the bytes,
 * 10 MB, EXIF and GPS removed, stored in the database).
 */
export function harvestPhotoRoutes(
  harvests: HarvestService,
  photos: PhotoGate,
): FastifyPluginAsyncZod {
  return async (app) => {
    await registerPhotoUploads(app);

    app.put(
      "/api/harvests/:harvestId/photo",
      {
        onRequest: photos.countOne,
        schema: {
          tags: ["harvests"],
          summary:
            'Add or replace a harvest\'s photo: multipart/form-data with one file field "image" (JPEG, PNG or WebP up to 10 MB)',
          params: harvestIdParamsSchema,
          multipartBody: photoFormSchema,
          response: {
            200: harvestSchema,
            ...errors,
            413: errorBodySchema,
            415: errorBodySchema,
            429: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        const gone = abortWhenClientLeaves(reply);
        // Another gardener's harvest is refused before its upload is read or kept.
        if (!(await harvests.exists(userId, request.params.harvestId))) {
          throw notFound("That harvest");
        }
        const photo = await photos.process(await readPhotoUpload(request), gone);
        return harvests.setPhoto(userId, request.params.harvestId, photo.stored);
      },
    );

    app.get(
      "/api/harvests/:harvestId/photo",
      {
        schema: {
          tags: ["harvests"],
          summary: "A harvest's photo (WebP); 404 when it has none",
          params: harvestIdParamsSchema,
          querystring: photoQuerySchema,
          response: { 200: imageResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const image = await harvests.photo(currentUser(request).id, request.params.harvestId);
        return sendImage(request, reply, image, request.query.v === image.id);
      },
    );

    app.delete(
      "/api/harvests/:harvestId/photo",
      {
        schema: {
          tags: ["harvests"],
          summary: "Remove a harvest's photo (204 also when it had none)",
          params: harvestIdParamsSchema,
          response: { 204: z.null().describe("Removed"), ...errors },
        },
      },
      async (request, reply) => {
        await harvests.removePhoto(currentUser(request).id, request.params.harvestId);
        return reply.status(204).send(null);
      },
    );
  };
}
