import type { FastifyReply, FastifyRequest } from "fastify";
import { bearerTokenFrom } from "../auth/session";
import { AppError } from "../errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests whose Origin is neither this server nor a trusted origin
 * (cookie-authenticated CSRF). Requests without an Origin header come from non-browser clients.
 * better-auth runs its own check on /api/auth/*. A request with an API token and no cookie
 * (`Authorization: Bearer`, issue 25 item 7) is no CSRF risk: a browser never adds that header to
 * another site's request by itself, and such a request is judged by its token alone.
 */
export function originCheck(allowed: string[]) {
  const allowedSet = new Set(allowed.map((origin) => new URL(origin).origin));
  // A callback hook: it runs on every request and has nothing to await.
  return (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    const origin = request.headers.origin;
    if (
      SAFE_METHODS.has(request.method) ||
      request.url.startsWith("/api/auth/") ||
      !origin ||
      (!request.headers.cookie && bearerTokenFrom(request.headers.authorization) !== undefined) ||
      allowedSet.has(origin) ||
      origin === `${request.protocol}://${request.host}`
    ) {
      return done();
    }
    done(
      new AppError(
        403,
        "forbidden_origin",
        "This request came from another website and was refused. Open Tendril itself and try again.",
      ),
    );
  };
}
