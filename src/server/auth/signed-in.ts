import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerIdempotentCreates } from "../features/idempotency/idempotent-creates";
import type { IdempotencyService } from "../features/idempotency/service";
import type { ChangeBus } from "../realtime/bus";
import { eventPositionHeader } from "../realtime/event-position";
import type { Auth } from "./auth";
import { requireUser, type TokenAuthenticator } from "./session";
import type { SessionCache } from "./session-cache";

/** Puts a feature's routes behind the signed-in hooks: the only way a route needs a user. */
export type SignedIn = (routes: FastifyPluginAsyncZod) => FastifyPluginAsyncZod;

export interface SignedInDeps {
  auth: Auth;
  sessions: SessionCache;
  tokens: TokenAuthenticator;
  idempotency: IdempotencyService;
  changes: ChangeBus;
}

/**
 * The signed-in scope each feature wraps its routes in: a scope of its own per feature, each with
 * the same hooks added before its routes, so they apply to those routes and no others.
 */
export function signedInScope({
  auth,
  sessions,
  tokens,
  idempotency,
  changes,
}: SignedInDeps): SignedIn {
  const user = requireUser(auth, sessions, tokens);
  const eventPosition = eventPositionHeader(changes);
  return (routes) => async (scope) => {
    // onRequest, so a request without a session is 401 before its body is even parsed.
    // An API token (Authorization: Bearer) stands in for a session on every route here except
    // the session-only ones (FastifyContextConfig.sessionOnly).
    scope.addHook("onRequest", user);
    // Before the routes: it adds the Idempotency-Key to those marked idempotentCreate.
    registerIdempotentCreates(scope, idempotency);
    scope.addHook("onRequest", eventPosition);
    await scope.register(routes);
  };
}
