import type { FastifyRequest } from "fastify";
import { AppError } from "../errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests whose Origin is neither this server nor a trusted origin
 * (cookie-authenticated CSRF). Requests without an Origin header come from non-browser clients.
 * better-auth runs its own check on /api/auth/*.
 */
export function originCheck(allowed: string[]) {
  const allowedSet = new Set(allowed.map((origin) => new URL(origin).origin));
  return async (request: FastifyRequest) => {
    if (SAFE_METHODS.has(request.method) || request.url.startsWith("/api/auth/")) return;
    const origin = request.headers.origin;
    if (!origin) return;
    if (allowedSet.has(origin) || origin === `${request.protocol}://${request.host}`) return;
    throw new AppError(
      403,
      "forbidden_origin",
      "This request came from another website and was refused. Open Tendril itself and try again.",
    );
  };
}
