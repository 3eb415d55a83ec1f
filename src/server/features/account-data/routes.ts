import { fromNodeHeaders } from "better-auth/node";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import {
  deleteAccountSchema,
  exportFileSchema,
  IMPORT_BODY_LIMIT,
  importFileSchema,
  importResultSchema,
} from "../../../core/schemas/data-export";
import { errorBodySchema } from "../../../core/schemas/error";
import type { Auth } from "../../auth/auth";
import { currentUser } from "../../auth/session";
import type { Database } from "../../db/schema";
import { notFound } from "../../errors";
import { abortWhenClientLeaves } from "../../lib/client-gone";
import type { PhotoGate } from "../../lib/photos/photo-gate";
import { todayFor } from "../../lib/today";
import { deleteAccountRows } from "./account-deletion";
import type { ExportService } from "./export-service";
import type { ImportService } from "./import-service";

const csvResponse = (description: string) => ({
  description,
  content: { "text/csv": { schema: z.string() } },
});

const attachment = (name: string) => `attachment; filename="${name}"`;

/** API.md "export": the gardener's data to take away, as one JSON file or CSV tables. */
export function exportRoutes(exports: ExportService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/export",
      {
        schema: {
          tags: ["account"],
          summary:
            "Everything of the signed-in gardener as one JSON file, plant photos included (base64 WebP)",
          response: { 200: exportFileSchema, 401: errorBodySchema },
        },
      },
      async (request, reply) => {
        const file = await exports.exportFile(currentUser(request).id);
        reply
          .header("content-disposition", attachment(`tendril-export-${todayFor(request)}.json`))
          .header("cache-control", "no-store");
        return file;
      },
    );

    app.get(
      "/api/export/plants.csv",
      {
        schema: {
          tags: ["account"],
          summary: "The gardener's plants as CSV, with a header row",
          response: { 200: csvResponse("One row per plant"), 401: errorBodySchema },
        },
      },
      async (request, reply) =>
        reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", attachment(`tendril-plants-${todayFor(request)}.csv`))
          .header("cache-control", "no-store")
          .send(await exports.plantsCsv(currentUser(request).id)),
    );

    app.get(
      "/api/export/tasks.csv",
      {
        schema: {
          tags: ["account"],
          summary: "The gardener's tasks as CSV, with a header row",
          response: { 200: csvResponse("One row per task"), 401: errorBodySchema },
        },
      },
      async (request, reply) =>
        reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", attachment(`tendril-tasks-${todayFor(request)}.csv`))
          .header("cache-control", "no-store")
          .send(await exports.tasksCsv(currentUser(request).id)),
    );

    app.get(
      "/api/export/harvests.csv",
      {
        schema: {
          tags: ["account"],
          summary: "The gardener's harvests as CSV (weights in grams), with a header row",
          response: { 200: csvResponse("One row per harvest"), 401: errorBodySchema },
        },
      },
      async (request, reply) =>
        reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", attachment(`tendril-harvests-${todayFor(request)}.csv`))
          .header("cache-control", "no-store")
          .send(await exports.harvestsCsv(currentUser(request).id)),
    );
  };
}

/**
 * API.md "import": a Tendril export brought back, all or nothing. Its photos go through the photo
 * gate like uploads: each counts against the sender's per-minute photo budget.
 */
export function importRoutes(imports: ImportService, photos: PhotoGate): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/api/import",
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        config: {
          tooLargeMessage: `An import file may be at most ${IMPORT_BODY_LIMIT / 1024 / 1024} MB.`,
        },
        schema: {
          tags: ["account"],
          summary:
            "Import a Tendril export: records you already have are skipped, so importing twice adds nothing",
          body: importFileSchema,
          response: {
            200: importResultSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            413: errorBodySchema,
            429: errorBodySchema,
          },
        },
      },
      async (request, reply) =>
        imports.importFile(
          currentUser(request).id,
          request.body,
          photos.reader(request.ip, abortWhenClientLeaves(reply)),
        ),
    );
  };
}

export interface DeleteAccountDeps {
  db: Kysely<Database>;
  auth: Auth;
  /** Ends the user's sessions on every instance, their cached copies included. */
  endSessions: (userId: string) => void;
}

/** API.md: DELETE /api/me — the account and every row of it, then the session ends. */
export function deleteAccountRoutes({
  db,
  auth,
  endSessions,
}: DeleteAccountDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.delete(
      "/api/me",
      {
        schema: {
          tags: ["account"],
          summary:
            'Delete the account and all its data for good; the body must be { confirm: "delete my account" }',
          body: deleteAccountSchema,
          response: {
            204: z.null().describe("Deleted; the session cookie is cleared"),
            400: errorBodySchema,
            401: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        if (!(await deleteAccountRows(db, userId))) throw notFound("Your account");
        endSessions(userId);
        // better-auth's sign-out writes the Set-Cookie headers that clear its cookies (names and
        // attributes as it set them); the session itself is already gone with the account.
        const signedOut = await auth.api
          .signOut({ headers: fromNodeHeaders(request.headers), returnHeaders: true })
          .catch((err: unknown) => {
            request.log.warn(
              { err },
              "clearing the session cookie after deleting an account failed",
            );
            return null;
          });
        const cookies = signedOut?.headers.getSetCookie() ?? [];
        if (cookies.length > 0) reply.header("set-cookie", cookies);
        return reply.status(204).send(null);
      },
    );
  };
}
