import { fromNodeHeaders } from "better-auth/node";
import type { FastifyReply, FastifyRequest } from "fastify";
import { unauthorized } from "../errors";
import type { Auth } from "./auth";
import { type SessionCache, sessionTokenFrom } from "./session-cache";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

declare module "fastify" {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/**
 * onRequest hook of every protected route: resolves the session or answers 401. A callback hook, so
 * the common case (a session verified in the last few seconds) costs no promise.
 */
export function requireUser(auth: Auth, cache: SessionCache) {
  const verify = async (request: FastifyRequest, token: string | undefined) => {
    const since = cache.mark();
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) throw unauthorized();
    request.user = { id: session.user.id, email: session.user.email, name: session.user.name };
    if (token) cache.set(token, request.user, new Date(session.session.expiresAt).getTime(), since);
  };
  return (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    const token = sessionTokenFrom(request.headers.cookie);
    const cached = token ? cache.get(token) : undefined;
    if (cached) {
      request.user = cached;
      return done();
    }
    verify(request, token).then(() => done(), done);
  };
}

/** For handlers behind requireUser: the signed-in user, typed as present. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
