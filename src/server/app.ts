import { randomUUID } from "node:crypto";
import fastifySwagger from "@fastify/swagger";
import Fastify, { type FastifyInstance } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { authRoutes } from "./auth/routes";
import type { Config } from "./config";
import { type AppOverrides, openCore } from "./core";
import { frameworkErrors, registerErrorHandler } from "./error-handler";
import { registerFeatures } from "./features";
import { AccessLog } from "./lib/access-log";
import { registerApiRateLimit } from "./lib/api-rate-limit";
import { healthRoutes } from "./lib/health-routes";
import { jsonSerializerCompiler } from "./lib/json-serializer";
import { serializeRequest } from "./lib/log-redaction";
import { openApiTransform } from "./lib/openapi-transform";
import { originCheck } from "./lib/origin-check";
import { refuseNul } from "./lib/refuse-nul";
import { securityHeaders } from "./lib/security-headers";
import { WebShell } from "./lib/web-shell";
import { registerWebApp } from "./lib/web-static";

export type { AppOverrides } from "./core";

/** Builds the whole server; tests drive it with `inject`, main.ts makes it listen. */
export async function buildApp(
  config: Config,
  overrides: AppOverrides = {},
): Promise<FastifyInstance> {
  const { requestSeconds, headersSeconds, keepAliveSeconds } = config.timeouts;
  const app = Fastify({
    // A client that sends its request slowly (one byte every few seconds) would otherwise hold a
    // connection forever: Node answers 408 and closes it once the headers or the whole request
    // (body included) take longer than this. The reply is not timed, so event streams and
    // streamed chat replies stay open; nor is an idle socket cut (connectionTimeout stays 0).
    requestTimeout: requestSeconds * 1000,
    keepAliveTimeout: keepAliveSeconds * 1000,
    http: {
      requestTimeout: requestSeconds * 1000,
      headersTimeout: headersSeconds * 1000,
      // Node looks for timed-out requests only this often (30 s by default): a quarter of the
      // shortest timeout cuts each within a quarter of its time.
      connectionsCheckingInterval: (headersSeconds * 1000) / 4,
    },
    logger: {
      level: config.logLevel,
      redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      // Addresses that carry a secret (the calendar feed's, an unsubscribe ?token=) are logged
      // with it replaced.
      serializers: { req: serializeRequest },
      ...(overrides.logStream ? { stream: overrides.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    requestIdHeader: "x-request-id",
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    logController: new AccessLog(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler(config.env === "test"));
  app.decorateRequest("user", null);
  app.decorateRequest("apiToken", null);
  // The API speaks JSON only: a text/plain body is refused with 415, not parsed into a string.
  app.removeContentTypeParser("text/plain");
  registerErrorHandler(app);

  const core = await openCore(app, config, overrides);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: "Tendril API", version: "1.0.0" },
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: "better-auth.session_token" },
          apiToken: { type: "http", scheme: "bearer", description: "An API token (Settings)" },
        },
      },
    },
    transform: openApiTransform,
  });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  // Set as the request arrives (a callback hook costs no promise), so every reply carries them.
  const webShell = WebShell.load(config.webDistDir);
  const setSecurityHeaders = securityHeaders({
    publicUrl: config.publicUrl,
    framedFormUrls: [config.links.feedbackForm, config.links.bugReport, config.links.contactForm],
    scriptHashes: webShell?.scriptHashes,
  });
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    setSecurityHeaders(request, reply);
    done();
  });
  app.addHook("preValidation", refuseNul);
  await registerApiRateLimit(app, config.apiRateLimitPerMinute);
  app.addHook("onRequest", originCheck([config.publicUrl, ...config.trustedOrigins]));

  await app.register(healthRoutes(core.database));
  await app.register(
    authRoutes(
      core.auth,
      core.knownAuthRoutes,
      core.signUps,
      core.sessions,
      core.endSessions,
      config.publicUrl,
    ),
  );
  await registerFeatures(app, core);

  await registerWebApp(app, config.webDistDir, webShell);
  return app;
}
