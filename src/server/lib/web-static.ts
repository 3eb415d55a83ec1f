import path from "node:path";
import { negotiate } from "@fastify/accept-negotiator";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { ErrorBody } from "../../core/schemas/error";
import { sessionTokenFrom } from "../auth/session-cache";
import type { WebShell } from "./web-shell";

/**
 * Serves the built web app and answers every other non-API GET with index.html so client-side
 * routes survive a reload. API paths get the JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  shell: WebShell | null,
): Promise<void> {
  const hasBuild = shell !== null;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of text assets; browsers get the smallest they accept.
      preCompressed: true,
      maxAge: "1h",
      setHeaders: (res, file) => {
        // Hashed assets never change; index.html and the service worker must revalidate.
        if (file.includes(`${path.sep}assets${path.sep}`)) {
          res.header("cache-control", "public, max-age=31536000, immutable");
        } else {
          res.header("cache-control", "no-cache");
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (!pathname.startsWith("/api/") && (request.method === "GET" || request.method === "HEAD")) {
      if (shell) {
        const signedIn = sessionTokenFrom(request.headers.cookie) !== undefined;
        const accepted = String(request.headers["accept-encoding"] ?? "");
        const encoding = negotiate(accepted, ["br", "gzip"]);
        // The hints differ for a visitor with a session cookie.
        reply
          .header("cache-control", "no-cache")
          .header("vary", "accept-encoding, cookie")
          .type("text/html; charset=utf-8");
        if (encoding === "br" || encoding === "gzip") {
          return reply
            .header("content-encoding", encoding)
            .send(shell.encodedFor(pathname, signedIn, encoding));
        }
        return reply.send(shell.htmlFor(pathname, signedIn));
      }
      return reply
        .status(503)
        .type("text/plain")
        .send("The Tendril web app has not been built yet. Run `npm run build`, then start again.");
    }
    const body: ErrorBody = {
      error: { code: "not_found", message: `No route ${request.method} ${pathname}.` },
    };
    return reply.status(404).send(body);
  });
}
