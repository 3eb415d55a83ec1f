import { fromNodeHeaders } from "better-auth/node";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
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
  interface FastifyContextConfig {
    /**
     * What the route does, as the subject of a sentence ("Adding a reminder channel"), when an API
     * token may not do it: requireUser refuses every token here (403) and names it. Set on a route,
     * or on every route of a plugin by `sessionOnly`.
     */
    sessionOnly?: string;
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
 * its token alone, never by a cookie it also carries. Any token is refused (403) on a session-only
 * route, a read-only one on any method but GET and HEAD. Tokens are never cached: a revoked one
 * is refused at once.
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
      const sessionOnly = request.routeOptions.config.sessionOnly;
      if (sessionOnly !== undefined) return done(needsSession(sessionOnly));
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

const needsSession = (action: string) =>
  new AppError(
    403,
    "forbidden",
    `${action} needs a signed-in session: open Tendril in the browser and do it there (an API token cannot).`,
  );

/**
 * Every route of `routes` session only (see FastifyContextConfig.sessionOnly), unless a route says
 * what it does itself. For the routes that hand out or set up something that outlives a token (a
 * secret address, a place reminders are sent to, another token) or that act on the whole account:
 * revoking a token must take away all it could reach.
 */
export function sessionOnly(action: string, routes: FastifyPluginAsyncZod): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRoute", (route) => {
      route.config = { ...route.config, sessionOnly: route.config?.sessionOnly ?? action };
    });
    await app.register(routes);
  };
}

/** For handlers behind requireUser: the signed-in user, typed as present. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
