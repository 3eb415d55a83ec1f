import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "../../../core/schemas/error";
import { photoQuerySchema } from "../../../core/schemas/identification";
import { plantDetailSchema } from "../../../core/schemas/plant";
import { idParamsSchema } from "../../../core/schemas/task";
import { currentUser } from "../../auth/session";
import { notFound } from "../../errors";
import { abortWhenClientLeaves } from "../../lib/client-gone";
import { imageResponseSchema, sendImage } from "../../lib/photos/image-reply";
import type { PhotoGate } from "../../lib/photos/photo-gate";
import { photoFormSchema, readPhotoUpload, registerPhotoUploads } from "../../lib/photos/upload";
import { todayFor } from "../../lib/today";
import type { PlantService } from "./plants-service";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/**
 * API.md Plants: a plant's photo (spec's image-or-leaf-placeholder), stored in the database. An
 * upload goes through the photo gate: the sender's per-minute photo budget, the pixel cap, the
 * decoder's queue.
 */
export function plantPhotoRoutes(plants: PlantService, photos: PhotoGate): FastifyPluginAsyncZod {
  return async (app) => {
    await registerPhotoUploads(app);

    app.put(
      "/api/plants/:id/photo",
      {
        onRequest: photos.countOne,
        schema: {
          tags: ["plants"],
          summary:
            'Add or replace a plant\'s photo: multipart/form-data with one file field "image" (JPEG, PNG or WebP up to 10 MB)',
          params: idParamsSchema,
          multipartBody: photoFormSchema,
          response: {
            200: plantDetailSchema,
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
        // Another gardener's plant is refused before its upload is read or kept.
        if (!(await plants.exists(userId, request.params.id))) throw notFound("That plant");
        const photo = await photos.process(await readPhotoUpload(request), gone);
        return plants.setPhoto(userId, request.params.id, photo.stored, todayFor(request));
      },
    );

    app.get(
      "/api/plants/:id/photo",
      {
        schema: {
          tags: ["plants"],
          summary: "A plant's photo (WebP); 404 when it has none",
          params: idParamsSchema,
          querystring: photoQuerySchema,
          response: { 200: imageResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const image = await plants.photo(currentUser(request).id, request.params.id);
        // imageUrl names the image (?v=): that URL always means these bytes.
        return sendImage(request, reply, image, request.query.v === image.id);
      },
    );

    app.delete(
      "/api/plants/:id/photo",
      {
        schema: {
          tags: ["plants"],
          summary: "Remove a plant's photo (204 also when it had none)",
          params: idParamsSchema,
          response: { 204: z.null().describe("Removed"), ...errors },
        },
      },
      async (request, reply) => {
        await plants.removePhoto(currentUser(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
