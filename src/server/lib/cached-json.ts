import { Negotiator } from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import type { UserResponseCache } from "./user-response-cache";

// Bounded: Accept-Encoding is the client's to choose, so its distinct values are unlimited.
const encodings = new Negotiator({
  supportedValues: ["gzip", "identity"],
  cache: new LRUCache<string, string>({ max: 200 }),
});

/**
 * Answers a user's read from the response cache, or loads it, serializes it with the route's own
 * response schema (`reply.serialize`, so the cached body is what an uncached reply would send) and
 * keeps it. Clients that accept gzip (every browser) get the compressed form, made once per body.
 */
export async function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: UserResponseCache,
  cached: { userId: string; scope: string; key: string },
  load: () => Promise<unknown>,
): Promise<FastifyReply> {
  const body = await cache.get(cached.userId, cached.scope, cached.key, async () =>
    String(reply.serialize(await load())),
  );
  reply.type("application/json; charset=utf-8").header("vary", "accept-encoding");
  const accept = request.headers["accept-encoding"];
  const gzip = accept && encodings.negotiate(accept) === "gzip" ? await body.gzip() : null;
  if (gzip) return reply.header("content-encoding", "gzip").send(gzip);
  return reply.send(body.identity);
}
