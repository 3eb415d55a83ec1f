import { fromNodeHeaders } from "better-auth/node";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { z } from "zod";
import { signUpSchema, socialSignInSchema, updateUserSchema } from "../../core/schemas/account";
import { AppError, badRequest, fromZodError, notFound } from "../errors";
import { mediaType } from "../lib/media-type";
import { unsafeInputError } from "../lib/refuse-nul";
import { AUTH_BASE_PATH, type Auth, CLIENT_IP_HEADER } from "./auth";
import type { KnownAuthRoutes } from "./known-routes";
import { type SessionCache, sessionTokenFrom } from "./session-cache";
import { SignUpAnswers, type SignUpFields } from "./sign-up-answers";

const ENDS_SESSIONS =
  /^\/api\/auth\/(sign-out|revoke-session|revoke-sessions|revoke-other-sessions|change-password|delete-user)(\?|$)/;

const SIGN_UP = "/sign-up/email";

/** Bodies Tendril checks before better-auth sees them (API.md limits; better-auth has none). */
const checkedBodies: Record<string, z.ZodType> = {
  [SIGN_UP]: signUpSchema,
  "/update-user": updateUserSchema,
  "/sign-in/social": socialSignInSchema,
};

/** The media types better-auth parses a body of (others it refuses, or reads as text). */
const JSON_TYPE = "application/json";
const FORM_TYPE = "application/x-www-form-urlencoded";

/**
 * Mounts better-auth at /api/auth/*. Bodies pass through as raw bytes so JSON and form posts
 * (OAuth form_post callbacks) reach better-auth unchanged.
 */
export function authRoutes(
  auth: Auth,
  known: KnownAuthRoutes,
  signUps: SignUpAnswers,
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
        // The path as better-auth will read it (URL parsing resolves dot segments).
        const url = new URL(request.url, `${request.protocol}://${request.host}`);
        const route = url.pathname.startsWith(`${AUTH_BASE_PATH}/`)
          ? known.find(request.method, url.pathname.slice(AUTH_BASE_PATH.length))
          : undefined;
        if (!route) throw notFound("That sign-in address");
        const body = request.body as Buffer | undefined;
        const fields = checkBody(request, route, body);
        const headers = fromNodeHeaders(request.headers);
        const endsSessions = ENDS_SESSIONS.test(request.url);
        const userId = endsSessions ? await sessionUserId(request, headers) : undefined;
        headers.set(CLIENT_IP_HEADER, request.ip);
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
        if (route === SIGN_UP && SignUpAnswers.isTaken(response.status, bytes)) {
          reply.status(200);
          return reply.send(await signUps.forTakenEmail(fields as SignUpFields));
        }
        if (route === SIGN_UP && response.ok && bytes)
          return reply.send(SignUpAnswers.withoutToken(bytes));
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
 * body (PostgreSQL cannot hold them), and names or images past the API's limits. Reads the body
 * as better-auth will (better-call's getBody: media types compared case-insensitively, JSON
 * decoded as fetch's json() does), and refuses every other media type, which better-auth would
 * refuse or read as bare text: no body reaches it unchecked. Returns the fields read.
 */
function checkBody(request: FastifyRequest, route: string, body: Buffer | undefined): unknown {
  if (request.method !== "POST" || !body || body.length === 0) return undefined;
  const type = mediaType(request.headers["content-type"]);
  let fields: unknown;
  if (type === FORM_TYPE) {
    fields = Object.fromEntries(new URLSearchParams(body.toString("utf8")));
  } else if (type === JSON_TYPE) {
    try {
      // TextDecoder drops a byte-order mark, as fetch's json() does.
      fields = JSON.parse(new TextDecoder().decode(body));
    } catch {
      throw badRequest("The request body is not valid JSON.");
    }
  } else {
    throw new AppError(
      415,
      "unsupported_media_type",
      "Send the request body as JSON (Content-Type: application/json).",
    );
  }
  const unsafe = unsafeInputError("the body", fields);
  if (unsafe) throw unsafe;
  const checked = checkedBodies[route]?.safeParse(fields);
  if (checked && !checked.success) throw fromZodError(checked.error);
  return fields;
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
