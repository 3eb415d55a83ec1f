import { fromNodeHeaders } from "better-auth/node";
import type { FastifyPluginAsync } from "fastify";
import { type Auth, CLIENT_IP_HEADER } from "./auth";
import { type SessionCache, sessionTokenFrom } from "./session-cache";

const ENDS_SESSIONS =
  /^\/api\/auth\/(sign-out|revoke-session|revoke-sessions|revoke-other-sessions)(\?|$)/;

/**
 * Mounts better-auth at /api/auth/*. Bodies pass through as raw bytes so JSON and form posts
 * (OAuth form_post callbacks) reach better-auth unchanged.
 */
export function authRoutes(
  auth: Auth,
  sessions: SessionCache,
  publicUrl: string,
): FastifyPluginAsync {
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
        if (ENDS_SESSIONS.test(request.url)) {
          const token = sessionTokenFrom(request.headers.cookie);
          if (token) sessions.delete(token);
        }
        const headers = fromNodeHeaders(request.headers);
        headers.set(CLIENT_IP_HEADER, request.ip);
        const url = new URL(request.url, `${request.protocol}://${request.host}`);
        const body = request.body as Buffer | undefined;
        const response = await auth.handler(
          new Request(url, {
            method: request.method,
            headers,
            ...(body && body.length > 0 ? { body: new Uint8Array(body) } : {}),
          }),
        );
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
