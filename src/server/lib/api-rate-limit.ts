import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * Health checks and static files are not counted. /api/auth/* is: better-auth's own, stricter
 * limits count in the database, and a flood from one address must be stopped here, in memory,
 * before each of its requests costs a database write.
 */
function exempt(request: FastifyRequest): boolean {
  const { url } = request;
  if (!url.startsWith("/api/")) return true;
  const query = url.indexOf("?");
  const path = query < 0 ? url : url.slice(0, query);
  return path === "/api/health" || path === "/api/ready";
}

/** A per-client ceiling on API requests, answered with 429 `rate_limited` and Retry-After. */
export async function registerApiRateLimit(app: FastifyInstance, perMinute: number): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: true,
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => request.ip,
    allowList: (request) => exempt(request),
    // Counts go out only with a 429 (and its Retry-After): on every answer they were about 90 of
    // a cached read's 1,060 header bytes, and three more headers for Node to validate.
    addHeadersOnExceeding: {
      "x-ratelimit-limit": false,
      "x-ratelimit-remaining": false,
      "x-ratelimit-reset": false,
    },
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests from this address. Try again in ${context.after}.`,
    }),
  });
}
