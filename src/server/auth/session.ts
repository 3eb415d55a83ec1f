import { fromNodeHeaders } from "better-auth/node";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ApiTokenScope } from "../../core/schemas/api-tokens";
import { AppError, unauthorized } from "../errors";
import type { Auth } from "./auth";
import { type SessionCache, sessionTokenFrom } from "./session-cache";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

/** The API token a request was authenticated by (null for a session). */
export interface RequestToken {
  id: string;
  scope: ApiTokenScope;
}

declare module "fastify" {
  interface FastifyRequest {
    user: SessionUser | null;
    apiToken: RequestToken | null;
  }
}

/** How requireUser checks an `Authorization: Bearer` API token (ApiTokenService). */
export interface TokenAuthenticator {
  authenticate(
    secret: string,
  ): Promise<{ user: SessionUser; tokenId: string; scope: ApiTokenScope } | undefined>;
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** The secret of an `Authorization: Bearer …` header, or undefined. */
export function bearerTokenFrom(header: string | undefined): string | undefined {
  return header ? BEARER.exec(header)?.[1] : undefined;
}

/** Methods a read-only API token may use. */
const READ_METHODS = new Set(["GET", "HEAD"]);

const invalidToken = () =>
  new AppError(401, "unauthorized", "That API token is not valid (revoked or mistyped).");

/**
 * onRequest hook of every protected route: resolves the session, or the API token of an
 * `Authorization: Bearer` header, or answers 401. A callback hook, so the common case (a session
 * verified in the last few seconds) costs no promise. A request with a Bearer header is judged by
 * its token alone, never by a cookie it also carries. A read-only token is refused (403) on any
 * method but GET and HEAD. Tokens are never cached: a revoked one is refused at once.
 */
export function requireUser(auth: Auth, cache: SessionCache, tokens?: TokenAuthenticator) {
  const verify = async (request: FastifyRequest, token: string | undefined) => {
    const since = cache.mark();
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) throw unauthorized();
    request.user = { id: session.user.id, email: session.user.email, name: session.user.name };
    if (token) cache.set(token, request.user, new Date(session.session.expiresAt).getTime(), since);
  };
  const verifyApiToken = async (request: FastifyRequest, secret: string) => {
    const holder = await tokens?.authenticate(secret);
    if (!holder) throw invalidToken();
    if (holder.scope === "read" && !READ_METHODS.has(request.method)) {
      throw new AppError(
        403,
        "forbidden",
        "This API token is read-only. Create a read-and-write token in Settings to make changes.",
      );
    }
    request.user = holder.user;
    request.apiToken = { id: holder.tokenId, scope: holder.scope };
  };
  return (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    const secret = bearerTokenFrom(request.headers.authorization);
    if (secret !== undefined) {
      verifyApiToken(request, secret).then(() => done(), done);
      return;
    }
    const token = sessionTokenFrom(request.headers.cookie);
    const cached = token ? cache.get(token) : undefined;
    if (cached) {
      request.user = cached;
      return done();
    }
    verify(request, token).then(() => done(), done);
  };
}

/**
 * onRequest hook of the account routes (export, import, account deletion, the API tokens
 * themselves), after requireUser: they need a session; an API token is refused with 403.
 */
export function refuseApiTokens(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
) {
  if (!request.apiToken) return done();
  done(
    new AppError(
      403,
      "forbidden",
      "API tokens cannot be used for account settings, data export or import, or other API tokens. Sign in to Tendril to do this.",
    ),
  );
}

/** For handlers behind requireUser: the signed-in user, typed as present. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
