import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** Health checks, static files and /api/auth/* (better-auth limits those itself) are not counted. */
function exempt(request: FastifyRequest): boolean {
  const path = request.url.split("?")[0] ?? "";
  return (
    !path.startsWith("/api/") ||
    path.startsWith("/api/auth/") ||
    path === "/api/health" ||
    path === "/api/ready"
  );
}

/** A per-client ceiling on API requests, answered with 429 `rate_limited` and Retry-After. */
export async function registerApiRateLimit(app: FastifyInstance, perMinute: number): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: true,
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => request.ip,
    allowList: (request) => exempt(request),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests from this address. Try again in ${context.after}.`,
    }),
  });
}
