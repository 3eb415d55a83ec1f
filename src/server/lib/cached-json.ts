import { Negotiator } from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import type { ZodType } from "zod";
import type { CachedBody, Shows, UserResponseCache } from "./user-response-cache";

// Bounded: Accept-Encoding is the client's to choose, so its distinct values are unlimited.
const encodings = new Negotiator({
  supportedValues: ["gzip", "identity"],
  cache: new LRUCache<string, string>({ max: 200 }),
});

/** Whether an If-None-Match header names this (weak) tag; weak comparison, as RFC 9110 asks. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch
    .split(",")
    .some((candidate) => candidate.trim().replace(/^W\//, "") === opaque);
}

export interface CachedRead<T> {
  userId: string;
  scope: string;
  key: string;
  /** Another form of the route's reply than its response schema's. */
  schema?: ZodType | undefined;
  /** For a list page: which keys of its scope it shows (UserResponseCache.invalidateKeys). */
  showsOf?: ((data: T) => Shows) | undefined;
}

/**
 * Answers a user's read from the response cache, or loads it, serializes it with the route's own
 * response schema (`reply.serialize`, so the cached body is what an uncached reply would send) and
 * keeps it (or with `schema`, another form of the route's reply, compiled once by the same
 * serializer). Clients that accept gzip (every browser) get the compressed form, made once per body.
 *
 * Each body carries a weak ETag, and `private, no-cache` has browsers revalidate with it: a client
 * that still holds the body now cached gets 304 with no body, and nothing is read, serialized or
 * compressed for it.
 */
export function sendCachedJson<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: UserResponseCache,
  cached: CachedRead<T>,
  load: () => Promise<T>,
): Promise<void> | undefined {
  // A hit is answered here and now; either way the reply is sent by the time what this returns
  // settles, so the handler's result is undefined (Fastify sends nothing more).
  const hit = cache.peek(cached.userId, cached.scope, cached.key);
  if (hit) {
    sendBody(request, reply, hit);
    return undefined;
  }
  return cache
    .get(cached.userId, cached.scope, cached.key, async () => {
      const data = await load();
      let json: string;
      if (cached.schema) {
        // Fastify types a schema as a plain record; the app's serializer compiler takes zod schemas.
        const schema = cached.schema as unknown as Record<string, unknown>;
        json = reply.serializeInput(data as Record<string, unknown>, schema);
      } else {
        json = String(reply.serialize(data));
      }
      return cached.showsOf ? { body: json, shows: cached.showsOf(data) } : json;
    })
    .then((body) => {
      sendBody(request, reply, body);
    });
}

function sendBody(request: FastifyRequest, reply: FastifyReply, body: CachedBody): FastifyReply {
  reply
    .header("etag", body.etag)
    .header("cache-control", "private, no-cache")
    .header("vary", "accept-encoding");
  if (etagMatches(request.headers["if-none-match"], body.etag)) return reply.code(304).send();
  reply.type("application/json; charset=utf-8");
  const accept = request.headers["accept-encoding"];
  const gzip = accept && encodings.negotiate(accept) === "gzip" ? body.gzip() : null;
  if (gzip) return reply.header("content-encoding", "gzip").send(gzip);
  return reply.send(body.identity);
}
