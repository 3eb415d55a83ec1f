import { fromNodeHeaders } from "better-auth/node";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { z } from "zod";
import { signUpSchema, updateUserSchema } from "../../core/schemas/account";
import { badRequest, fromZodError } from "../errors";
import { unsafeInputError } from "../lib/refuse-nul";
import { type Auth, CLIENT_IP_HEADER } from "./auth";
import { type SessionCache, sessionTokenFrom } from "./session-cache";

const ENDS_SESSIONS =
  /^\/api\/auth\/(sign-out|revoke-session|revoke-sessions|revoke-other-sessions|change-password|delete-user)(\?|$)/;

/** Bodies Tendril checks before better-auth sees them (API.md limits; better-auth has none). */
const checkedBodies: Record<string, z.ZodType> = {
  "/api/auth/sign-up/email": signUpSchema,
  "/api/auth/update-user": updateUserSchema,
};

/**
 * Mounts better-auth at /api/auth/*. Bodies pass through as raw bytes so JSON and form posts
 * (OAuth form_post callbacks) reach better-auth unchanged.
 */
export function authRoutes(
  auth: Auth,
  sessions: SessionCache,
  endSessions: (userId: string) => void,
  publicUrl: string,
): FastifyPluginAsync {
  /** Whose sessions a sign-out or revocation ends, read before better-auth deletes the session. */
  const sessionUserId = async (request: FastifyRequest, headers: Headers) => {
    const token = sessionTokenFrom(request.headers.cookie);
    const cached = token ? sessions.get(token) : undefined;
    if (cached) return cached.id;
    return (await auth.api.getSession({ headers }).catch(() => null))?.user.id;
  };
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) =>
      done(null, body),
    );

    app.route({
      method: ["GET", "POST"],
      url: "/api/auth/*",
      schema: { hide: true },
      async handler(request, reply) {
        const body = request.body as Buffer | undefined;
        checkBody(request, body);
        const headers = fromNodeHeaders(request.headers);
        const endsSessions = ENDS_SESSIONS.test(request.url);
        const userId = endsSessions ? await sessionUserId(request, headers) : undefined;
        headers.set(CLIENT_IP_HEADER, request.ip);
        const url = new URL(request.url, `${request.protocol}://${request.host}`);
        const response = await auth.handler(
          new Request(url, {
            method: request.method,
            headers,
            ...(body && body.length > 0 ? { body: new Uint8Array(body) } : {}),
          }),
        );
        if (userId && response.ok) endSessions(userId);
        reply.status(response.status);
        for (const [key, value] of response.headers) {
          if (key !== "set-cookie") reply.header(key, value);
        }
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header("set-cookie", cookies);
        const bytes = response.body ? Buffer.from(await response.arrayBuffer()) : null;
        if (response.status === 403 && bytes && isInvalidOrigin(bytes)) {
          return reply.send({
            code: "INVALID_ORIGIN",
            message: invalidOriginMessage(request.headers.origin, publicUrl),
          });
        }
        return reply.send(bytes);
      },
    });
  };
}

/**
 * Refuses what better-auth would store unchecked: NUL characters in any field of a JSON or form
 * body (PostgreSQL cannot hold them), and names or images past the API's limits.
 */
function checkBody(request: FastifyRequest, body: Buffer | undefined): void {
  if (request.method !== "POST" || !body || body.length === 0) return;
  const type = request.headers["content-type"] ?? "";
  let fields: unknown;
  if (type.startsWith("application/x-www-form-urlencoded")) {
    fields = Object.fromEntries(new URLSearchParams(body.toString("utf8")));
  } else if (type.startsWith("application/json")) {
    try {
      fields = JSON.parse(body.toString("utf8"));
    } catch {
      throw badRequest("The request body is not valid JSON.");
    }
  } else {
    return;
  }
  const unsafe = unsafeInputError("the body", fields);
  if (unsafe) throw unsafe;
  const schema = checkedBodies[request.url.split("?")[0] ?? ""];
  const checked = schema?.safeParse(fields);
  if (checked && !checked.success) throw fromZodError(checked.error);
}

function isInvalidOrigin(body: Buffer): boolean {
  try {
    return (JSON.parse(body.toString("utf8")) as { code?: unknown }).code === "INVALID_ORIGIN";
  } catch {
    return false;
  }
}

/**
 * better-auth says only "Invalid origin" when a browser signs in from an address it does not
 * trust, most often Tendril opened by another name than PUBLIC_URL: say what to do instead.
 */
export function invalidOriginMessage(origin: string | undefined, publicUrl: string): string {
  const from = origin ? `from ${origin}` : "from this address";
  return `Tendril does not accept sign-ins ${from}. Open it at ${publicUrl}, or ask whoever runs it to add this address to TRUSTED_ORIGINS.`;
}
