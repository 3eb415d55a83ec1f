import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "../../../../core/schemas/error";
import {
  entryIdParamsSchema,
  entryPhotoParamsSchema,
  journalEntryCreateSchema,
  journalEntryListSchema,
  journalEntryPatchSchema,
  journalEntryReplySchema,
  journalPhotoReplySchema,
  photoIdParamsSchema,
  plantTimelineSchema,
} from "../../../../core/schemas/journal";
import { idParamsSchema } from "../../../../core/schemas/task";
import { currentUser } from "../../../auth/session";
import { abortWhenClientLeaves } from "../../../lib/client-gone";
import { imageResponseSchema, sendImage } from "../../../lib/photos/image-reply";
import type { PhotoGate } from "../../../lib/photos/photo-gate";
import { photoFormSchema, readPhotoUpload, registerPhotoUploads } from "../../../lib/photos/upload";
import { todayFor } from "../../../lib/today";
import type { JournalService } from "./journal-service";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const deleted = { 204: z.null().describe("Deleted"), ...errors };

/** Issue 26: a plant's journal and timeline (docs/api-issue-26.md). */
export function journalRoutes(journal: JournalService, photos: PhotoGate): FastifyPluginAsyncZod {
  return async (app) => {
    await registerPhotoUploads(app);

    app.get(
      "/api/plants/:id/journal",
      {
        schema: {
          tags: ["journal"],
          summary: "A plant's journal entries, newest day first, each with its photos",
          params: idParamsSchema,
          response: { 200: journalEntryListSchema, ...errors },
        },
      },
      async (request) => ({
        entries: await journal.list(currentUser(request).id, request.params.id),
      }),
    );

    app.post(
      "/api/plants/:id/journal",
      {
        schema: {
          tags: ["journal"],
          summary:
            "Add a journal entry (a day, a note, tags); its photos follow, one request each, up to 6",
          params: idParamsSchema,
          body: journalEntryCreateSchema,
          response: { 201: journalEntryReplySchema, ...errors },
        },
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        const entry = await journal.create(userId, request.params.id, request.body);
        return reply.status(201).send({ entry });
      },
    );

    app.get(
      "/api/plants/:id/timeline",
      {
        schema: {
          tags: ["journal"],
          summary:
            "A plant's timeline, newest first: journal entries, stages reached and tasks done",
          params: idParamsSchema,
          response: { 200: plantTimelineSchema, ...errors },
        },
      },
      async (request) => ({
        items: await journal.timeline(currentUser(request).id, request.params.id, (instant) =>
          todayFor(request, new Date(instant)),
        ),
      }),
    );

    app.patch(
      "/api/journal/:entryId",
      {
        schema: {
          tags: ["journal"],
          summary: "Change a journal entry's day, note or tags",
          params: entryIdParamsSchema,
          body: journalEntryPatchSchema,
          response: { 200: journalEntryReplySchema, ...errors },
        },
      },
      async (request) => {
        const userId = currentUser(request).id;
        return { entry: await journal.update(userId, request.params.entryId, request.body) };
      },
    );

    app.delete(
      "/api/journal/:entryId",
      {
        schema: {
          tags: ["journal"],
          summary: "Delete a journal entry with its photos",
          params: entryIdParamsSchema,
          response: deleted,
        },
      },
      async (request, reply) => {
        await journal.remove(currentUser(request).id, request.params.entryId);
        return reply.status(204).send(null);
      },
    );

    app.post(
      "/api/journal/:entryId/photos",
      {
        onRequest: photos.countOne,
        schema: {
          tags: ["journal"],
          summary:
            'Add a photo to a journal entry (at most 6): multipart/form-data with one file field "image" (JPEG, PNG or WebP up to 10 MB)',
          params: entryIdParamsSchema,
          multipartBody: photoFormSchema,
          response: {
            201: journalPhotoReplySchema,
            ...errors,
            413: errorBodySchema,
            415: errorBodySchema,
            429: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        const { entryId } = request.params;
        const gone = abortWhenClientLeaves(reply);
        // Another gardener's entry, or a full one, is refused before the upload is read or kept.
        await journal.checkRoomForPhoto(userId, entryId);
        const photo = await photos.process(await readPhotoUpload(request), gone);
        return reply
          .status(201)
          .send({ photo: await journal.addPhoto(userId, entryId, photo.stored) });
      },
    );

    app.delete(
      "/api/journal/:entryId/photos/:photoId",
      {
        schema: {
          tags: ["journal"],
          summary: "Remove a photo from a journal entry",
          params: entryPhotoParamsSchema,
          response: deleted,
        },
      },
      async (request, reply) => {
        const { entryId, photoId } = request.params;
        await journal.removePhoto(currentUser(request).id, entryId, photoId);
        return reply.status(204).send(null);
      },
    );

    app.get(
      "/api/journal/photos/:photoId",
      {
        schema: {
          tags: ["journal"],
          summary: "A journal photo (WebP)",
          params: photoIdParamsSchema,
          response: { 200: imageResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const image = await journal.photo(currentUser(request).id, request.params.photoId);
        // A journal photo's id always names the same image: its URL may be cached for good.
        return sendImage(request, reply, image, true);
      },
    );
  };
}
