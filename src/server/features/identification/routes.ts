import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema } from "../../../core/schemas/error";
import {
  analyzeIssueRequestSchema,
  careInfoSchema,
  careParamsSchema,
  careQuerySchema,
  IDENTIFY_BODY_LIMIT,
  type IdentifyRequest,
  identificationListSchema,
  identificationSchema,
  identifyRequestSchema,
  issueAnalysisSchema,
  reframeRequestSchema,
  summaryReplySchema,
} from "../../../core/schemas/identification";
import { idParamsSchema } from "../../../core/schemas/task";
import { currentUser } from "../../auth/session";
import { badRequest } from "../../errors";
import { abortWhenClientLeaves } from "../../lib/client-gone";
import { imageResponseSchema, sendImage } from "../../lib/photos/image-reply";
import type { PhotoGate } from "../../lib/photos/photo-gate";
import { photoTooLarge } from "../../lib/photos/pipeline";
import {
  decodeBase64Photo,
  PHOTO_FIELD,
  photoFormSchema,
  readPhotoUpload,
  registerPhotoUploads,
} from "../../lib/photos/upload";
import type { IdentificationService } from "./service";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const photoErrors = {
  ...errors,
  413: errorBodySchema,
  415: errorBodySchema,
  429: errorBodySchema,
  502: errorBodySchema,
};

/**
 * `photos`: the photo gate. Each photo to identify counts against its sender's per-minute photo
 * budget (it costs the decoder and the model a fraction of a core), so one busy client cannot
 * keep them from everyone else.
 */
export function identificationRoutes(
  identifications: IdentificationService,
  photos: PhotoGate,
): FastifyPluginAsyncZod {
  return async (app) => {
    await registerPhotoUploads(app);

    app.post(
      "/api/gardening/identify-plant",
      {
        bodyLimit: IDENTIFY_BODY_LIMIT,
        config: {
          // A JSON body over the limit is refused before it is parsed: with the photo message.
          tooLargeMessage: photoTooLarge().message,
        },
        onRequest: photos.countOne,
        schema: {
          tags: ["identification"],
          summary: `Identify a plant from a photo: JSON { images: [base64 or data URL] } or multipart/form-data with one file field "${PHOTO_FIELD}"`,
          // Validated as JSON only: a multipart form is read (and checked) by the handler.
          body: { content: { "application/json": { schema: identifyRequestSchema } } },
          multipartBody: photoFormSchema,
          response: { 200: identificationSchema, ...photoErrors },
        },
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        const gone = abortWhenClientLeaves(reply);
        if (request.isMultipart()) {
          return identifications.identify(userId, await readPhotoUpload(request), gone);
        }
        const body = request.body as IdentifyRequest | undefined;
        const image = body?.images?.[0];
        if (typeof image !== "string") {
          throw badRequest(
            `Send the photo as JSON { "images": [base64 or data URL] }, or as multipart/form-data with one file in a field named ${PHOTO_FIELD}.`,
          );
        }
        return identifications.identify(userId, decodeBase64Photo(image), gone);
      },
    );

    app.get(
      "/api/identifications",
      {
        schema: {
          tags: ["identification"],
          summary: "The gardener's identifications, newest first (the last 10 are kept)",
          response: { 200: identificationListSchema, 401: errorBodySchema },
        },
      },
      async (request) => ({
        identifications: await identifications.list(currentUser(request).id),
      }),
    );

    app.get(
      "/api/identifications/:id/image",
      {
        schema: {
          tags: ["identification"],
          summary: "The photo of an identification (WebP, EXIF and GPS removed)",
          params: idParamsSchema,
          response: { 200: imageResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const image = await identifications.image(currentUser(request).id, request.params.id);
        // An identification's photo never changes.
        return sendImage(request, reply, image, true);
      },
    );

    app.get(
      "/api/gardening/care/:provider",
      {
        schema: {
          tags: ["identification"],
          summary: 'Care info for a plant (spec "Care info"); provider "catalogue" is built in',
          params: careParamsSchema,
          querystring: careQuerySchema,
          response: { 200: careInfoSchema, ...errors },
        },
      },
      async (request) =>
        identifications.care(currentUser(request).id, request.params.provider, request.query.query),
    );

    app.post(
      "/api/gardening/reframe-identification",
      {
        schema: {
          tags: ["identification"],
          summary: "The AI Summary of an identification: what it is, how sure, how to care for it",
          body: reframeRequestSchema,
          response: { 200: summaryReplySchema, ...errors },
        },
      },
      async (request) => identifications.reframe(request.body),
    );

    app.post(
      "/api/gardening/analyze-issue",
      {
        schema: {
          tags: ["identification"],
          summary: "Likely causes of a plant problem and what to do, from a description",
          body: analyzeIssueRequestSchema,
          response: { 200: issueAnalysisSchema, ...errors },
        },
      },
      async (request) => identifications.analyzeIssue(currentUser(request).id, request.body),
    );
  };
}
