import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
} from "fastify";
import { errorBodySchema } from "../../../core/schemas/error";
import { idempotencyHeadersSchema } from "../../../core/schemas/idempotency";
import { currentUser } from "../../auth/session";
import { type Claim, fingerprintOf, type IdempotencyService } from "./service";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * A create the web app's offline outbox may send again: it takes an Idempotency-Key, and a
     * repeat of one is answered with the first answer instead of creating again.
     */
    idempotentCreate?: boolean;
  }
}

const asArray = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * Gives every route marked `config: { idempotentCreate: true }` registered after it (in this scope,
 * which must have a signed-in user) the Idempotency-Key header: documented and checked by the
 * route's schema, claimed before the handler runs, answered from the stored answer on a repeat.
 */
export function registerIdempotentCreates(app: FastifyInstance, keys: IdempotencyService): void {
  const claims = new WeakMap<FastifyRequest, Claim>();

  const claimKey = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers["idempotency-key"];
    if (typeof key !== "string") return;
    const userId = currentUser(request).id;
    const fingerprint = fingerprintOf(request.method, request.url, request.body);
    const outcome = await keys.claim(userId, key, fingerprint);
    if ("claim" in outcome) {
      claims.set(request, outcome.claim);
      return;
    }
    // A string is sent as it is: the answer goes out byte for byte as it did the first time.
    return reply
      .status(outcome.replay.statusCode)
      .type("application/json; charset=utf-8")
      .header("idempotent-replayed", "true")
      .send(outcome.replay.body);
  };

  const keepAnswer: onSendHookHandler = async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    try {
      if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === "string") {
        await keys.finish(claim, reply.statusCode, payload);
      } else {
        await keys.release(claim);
      }
    } catch (err) {
      // The create itself is done; the claim stays and is freed once it counts as abandoned.
      request.log.error({ err }, "could not keep the answer of an idempotent create");
    }
    return payload;
  };

  app.addHook("onRoute", (route) => {
    if (!route.config?.idempotentCreate) return;
    const schema = route.schema ?? {};
    const response = (schema.response ?? {}) as Record<number, unknown>;
    route.schema = {
      ...schema,
      headers: idempotencyHeadersSchema,
      response: { ...response, 409: errorBodySchema, 422: errorBodySchema },
    };
    route.preHandler = [...asArray(route.preHandler), claimKey as preHandlerHookHandler];
    route.onSend = [...asArray(route.onSend), keepAnswer];
  });
}
