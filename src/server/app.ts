import { randomUUID } from "node:crypto";
import type { Agent } from "node:https";
import type { Writable } from "node:stream";
import fastifySwagger from "@fastify/swagger";
import Fastify, { type FastifyInstance } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Logger } from "pino";
import { createAuth } from "./auth/auth";
import type { AuthRateLimitStore } from "./auth/rate-limit-store";
import { authRoutes } from "./auth/routes";
import { requireUser, sessionOnly } from "./auth/session";
import { SessionCache } from "./auth/session-cache";
import { SignUpAnswers } from "./auth/sign-up-answers";
import type { Config } from "./config";
import { type DatabaseHandle, openDatabase } from "./db/connection";
import { migrateToLatest } from "./db/migrate";
import { frameworkErrors, registerErrorHandler } from "./error-handler";
import { ExportService } from "./features/account-data/export-service";
import { type ImportedChanges, ImportService } from "./features/account-data/import-service";
import { deleteAccountRoutes, exportRoutes, importRoutes } from "./features/account-data/routes";
import { adminRoutes, operatorStatusRoutes } from "./features/admin/routes";
import { AdminService } from "./features/admin/service";
import { apiTokenRoutes } from "./features/api-tokens/routes";
import { ApiTokenService } from "./features/api-tokens/service";
import { appConfigRoutes } from "./features/app-config/routes";
import { calendarFeedRoutes, calendarUrlRoutes } from "./features/calendar/routes";
import { CalendarService } from "./features/calendar/service";
import { catalogue } from "./features/catalogue/catalogue-read-model";
import { loadCropCalendars } from "./features/catalogue/crop-calendar-read-model";
import { catalogueRoutes } from "./features/catalogue/routes";
import { anonymousChatRoutes } from "./features/chat/anonymous-routes";
import { chatRoutes } from "./features/chat/routes";
import { type ChatChange, ChatService } from "./features/chat/service";
import { climateForPoint } from "./features/climate/gardener-climate";
import { plantingNowLookup } from "./features/climate/planting-now-service";
import { plantingWarnings } from "./features/climate/planting-warning-service";
import { climateRoutes } from "./features/climate/routes";
import { ClimateService } from "./features/climate/service";
import { keptCalendarSuggestions } from "./features/climate/suggestions-service";
import { contactRoutes } from "./features/contact/routes";
import { ContactService } from "./features/contact/service";
import { areaRoutes } from "./features/garden/areas/routes";
import { AreaService } from "./features/garden/areas/service";
import { keysChangedBy, type PublishChange, scopesChangedBy } from "./features/garden/changes";
import { harvestPhotoRoutes } from "./features/garden/harvests/harvest-photo-routes";
import { harvestRoutes } from "./features/garden/harvests/harvests-routes";
import { HarvestService } from "./features/garden/harvests/harvests-service";
import { journalRoutes } from "./features/garden/journal/journal-routes";
import { JournalService } from "./features/garden/journal/journal-service";
import { plantPhotoRoutes } from "./features/garden/plant-photo-routes";
import { plantRoutes } from "./features/garden/plants-routes";
import { PlantService } from "./features/garden/plants-service";
import { rainSkipRoutes } from "./features/garden/rain-skips/routes";
import { RainSkipService } from "./features/garden/rain-skips/service";
import { taskRoutes } from "./features/garden/tasks-routes";
import { TaskService } from "./features/garden/tasks-service";
import { growAlongRoutes } from "./features/grow-along/routes";
import { GrowAlongService } from "./features/grow-along/service";
import { registerIdempotentCreates } from "./features/idempotency/idempotent-creates";
import { IdempotencyService } from "./features/idempotency/service";
import { identificationRoutes } from "./features/identification/routes";
import { IdentificationService } from "./features/identification/service";
import { ImageSweep } from "./features/photos/image-sweep-service";
import { findAppOrigin } from "./features/profile/read-model";
import { profileRoutes } from "./features/profile/routes";
import { ProfileService } from "./features/profile/service";
import { quotaRoutes } from "./features/quota/routes";
import { pushRoutes, reminderChannelRoutes, unsubscribeRoutes } from "./features/reminders/routes";
import { startReminderScheduler } from "./features/reminders/scheduler";
import { ReminderService } from "./features/reminders/service";
import { vapidKeys } from "./features/reminders/vapid-keys";
import { frostStations } from "./features/weather/frost-stations";
import { cachedWeatherForPlans } from "./features/weather/plan-weather-read-model";
import { placeRoutes, weatherCacheRoutes, weatherRoutes } from "./features/weather/routes";
import { WeatherService } from "./features/weather/service";
import { workflowRoutes } from "./features/workflows/routes";
import { type WorkflowChange, WorkflowService } from "./features/workflows/service";
import { workflowTemplates } from "./features/workflows/templates";
import { zoneRoutes } from "./features/zones/routes";
import { zoneLookup } from "./features/zones/service";
import { AccessLog } from "./lib/access-log";
import { registerApiRateLimit } from "./lib/api-rate-limit";
import { AppAddress } from "./lib/app-address";
import { healthRoutes } from "./lib/health-routes";
import { jsonSerializerCompiler } from "./lib/json-serializer";
import { serializeRequest } from "./lib/log-redaction";
import { openApiTransform } from "./lib/openapi-transform";
import { originCheck } from "./lib/origin-check";
import { createOutboundClient } from "./lib/outbound-client";
import { PhotoGate } from "./lib/photos/photo-gate";
import { refuseNul } from "./lib/refuse-nul";
import { securityHeaders } from "./lib/security-headers";
import { UserResponseCache } from "./lib/user-response-cache";
import { WebShell } from "./lib/web-shell";
import { registerWebApp } from "./lib/web-static";
import { type Assistant, createAssistants } from "./providers/ai";
import { knowledgeBase } from "./providers/ai/knowledge/knowledge-base";
import type { PlanProvider } from "./providers/ai/plan-provider";
import { createMailer, type Mailer } from "./providers/email";
import { trackInFlight } from "./providers/email/in-flight";
import { createPlantIdentifier } from "./providers/plant-id";
import { createOfflineIdentifier } from "./providers/plant-id/offline";
import type { PlantIdentifier } from "./providers/plant-id/plant-identifier";
import { createWebPushSender, PUSH_ENDPOINT } from "./providers/push/web-push-sender";
import { createWeatherProviders } from "./providers/weather";
import type { ChangeBus, ChangeEvent, ChangeType } from "./realtime/bus";
import { createChangeBus } from "./realtime/create-bus";
import { EventLog } from "./realtime/event-log";
import { eventPositionHeader } from "./realtime/event-position";
import { eventsRoute } from "./realtime/events-route";

declare module "fastify" {
  interface FastifyInstance {
    /** Live changes of each user, fanned out to their open /api/events streams. */
    changes: ChangeBus;
    /** The live changes kept for replay; tests call `prune(now)` instead of waiting for the timer. */
    eventLog: EventLog;
    /** The daily reminders (push and e-mail); tests call `runOnce(now)` instead of the timer. */
    reminders: ReminderService;
    /** The rain skip; tests call `runOnce(now)` instead of the reminder timer. */
    rainSkips: RainSkipService;
    /** better-auth's rate-limit rows; tests call `prune()` instead of waiting for the timer. */
    authRateLimits: AuthRateLimitStore;
  }
}

export interface AppOverrides {
  /** An already-open database (tests pass one on a temp file or a fresh PostgreSQL schema). */
  database?: DatabaseHandle;
  mailer?: Mailer;
  planProvider?: PlanProvider;
  /** Replaces the configured assistant (tests pass one built on a fake LLM server). */
  assistant?: Assistant;
  /** Replaces the configured plant identifier (tests pass a stub or one on fake servers). */
  plantIdentifier?: PlantIdentifier;
  /** The https agent outbound calls use (tests trust their push service stand-in's certificate). */
  pushAgent?: Agent;
  /** Where the log goes instead of stdout (tests read what was logged). */
  logStream?: Writable;
}

/** How long after listening the assistant is built (LazyAssistant). */
const ASSISTANT_WARM_DELAY_MS = 2000;

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

  const log = app.log as unknown as Logger;
  const database = overrides.database ?? openDatabase({ ...config, log });
  const ownsDatabase = !overrides.database;
  await migrateToLatest(database.db);
  const eventLog = new EventLog(database.db);
  const changes = await createChangeBus(database, eventLog, log);
  app.decorate("changes", changes);
  app.decorate("eventLog", eventLog);
  app.addHook("onClose", async () => {
    await changes.close();
    if (ownsDatabase) await database.db.destroy();
  });
  eventLog.startPruning(log);
  // Registered after the database's own hook, so it runs first (onClose hooks run last-in first).
  app.addHook("onClose", () => eventLog.stopPruning());

  const { mailer, drain: drainMail } = trackInFlight(overrides.mailer ?? createMailer(config, log));
  app.addHook("onClose", drainMail);
  const sessions = new SessionCache();
  changes.subscribeAll((event) => {
    if (event.type === "sessions.ended") sessions.deleteUser(event.userId);
  });
  const appAddress = new AppAddress(config.publicUrl, config.followRequestAddress, (userId) =>
    findAppOrigin(database.db, userId),
  );
  const endSessions = (userId: string) => {
    sessions.deleteUser(userId);
    changes
      .publish({ userId, type: "sessions.ended", id: userId })
      .catch((err: unknown) =>
        log.error({ err }, "could not tell other instances a session ended"),
      );
  };
  const {
    auth,
    known: knownAuthRoutes,
    rateLimits: authRateLimits,
  } = createAuth({ config, database, mailer, log, endSessions, appAddress });
  app.decorate("authRateLimits", authRateLimits);
  authRateLimits.startPruning(log);
  // Registered after the database's own hook, so it runs first (onClose hooks run last-in first).
  app.addHook("onClose", () => authRateLimits.stopPruning());
  const signUps = new SignUpAnswers(auth, database.db, mailer, appAddress, log);
  const weatherProviders = createWeatherProviders(config, log);
  const crops = catalogue();
  const climate = new ClimateService({ db: database.db, archive: weatherProviders.archive, log });
  const calendars = loadCropCalendars(crops);
  const climateDeps = { db: database.db, finder: weatherProviders.finder, climate, frostStations };
  const warningFor = plantingWarnings({
    ...climateDeps,
    catalogue: crops,
    calendars,
    log,
  });
  const suggestionsFor = keptCalendarSuggestions(crops.crops, calendars);
  const weather = new WeatherService({
    db: database.db,
    ...weatherProviders,
    frostStations,
    calendar: async (userId, place, today, units) => {
      const spot = { latitude: place.lat, longitude: place.lon, countryCode: place.countryCode };
      const profile = await climateForPoint(climateDeps, userId, spot, today);
      return profile ? suggestionsFor(profile, today, units) : null;
    },
  });
  // Garden reads are cached per user until that user's garden changes: on this instance at once
  // (below), on other instances when the change reaches them through the bus.
  const gardenReads = new UserResponseCache(
    config.responseCacheMegabytes,
    config.responseCacheTtlSeconds,
  );
  const dropChangedReads = (change: ChangeEvent & { dueDates?: unknown }) => {
    gardenReads.invalidate(change.userId, scopesChangedBy(change));
    const keyed = keysChangedBy(change);
    if (keyed) gardenReads.invalidateKeys(change.userId, keyed.scope, keyed.keys);
  };
  changes.subscribeAll(dropChangedReads);
  const profiles = new ProfileService(database.db, zoneLookup, (userId) => {
    gardenReads.invalidate(userId);
    changes
      .publish({ userId, type: "units.changed", id: userId })
      .catch((err: unknown) => log.warn({ err }, "could not tell other instances units changed"));
  });
  // Both caches above are kept current by other instances' events; while those cannot arrive (a
  // lost LISTEN connection, or none yet), which user changed is unknown, so they keep nothing.
  const followListening = (listening: boolean) => {
    for (const cache of [sessions, gardenReads]) {
      if (listening) cache.resume();
      else cache.suspend();
    }
  };
  if (!changes.listening) followListening(false);
  changes.subscribeListening(followListening);
  const publishLive = (change: Parameters<PublishChange>[0] | WorkflowChange | ChatChange) => {
    dropChangedReads(change);
    changes
      .publish(change)
      .catch((err: unknown) => log.warn({ err }, "could not publish a change"));
  };
  const publish: PublishChange = publishLive;
  const assistants = createAssistants(config, crops, log);
  const assistant = overrides.assistant ?? assistants.assistant;
  // Built a moment after the server listens, not before: the start's health checks are answered
  // first (building blocks the event loop for a second or more); a question asked sooner builds
  // it itself.
  app.addHook("onListen", (done) => {
    setTimeout(() => {
      assistants.builtIn.warm();
      assistants.assistant.warm();
    }, ASSISTANT_WARM_DELAY_MS).unref();
    done();
  });
  const planProvider = overrides.planProvider ?? assistant;
  const plantIdentifier =
    overrides.plantIdentifier ?? createPlantIdentifier(config, log, createOfflineIdentifier());
  app.addHook("onClose", async () => {
    await plantIdentifier.close?.();
  });
  // Every photo decode of this app (identify, plant photos, imports) goes through it.
  const photos = new PhotoGate({ perMinute: config.identifyPerMinute });
  const identifications = new IdentificationService({
    database,
    identifier: plantIdentifier,
    catalogue: crops,
    knowledge: knowledgeBase,
    assistant,
    photos,
    log,
  });
  const plants = new PlantService(
    database.db,
    database.dialect,
    crops,
    planProvider,
    log,
    publish,
    cachedWeatherForPlans(database.db),
    (userId, id) => identifications.forPlant(userId, id),
    warningFor,
  );
  const tasks = new TaskService(database.db, database.dialect, publish);
  const areas = new AreaService(database.db, database.dialect, crops, publish);
  const rainSkips = new RainSkipService({
    db: database.db,
    dialect: database.dialect,
    publish,
    rainAt: (userId, now, mayFetch) => weather.rainAtHome(userId, now, mayFetch),
    log,
  });
  app.decorate("rainSkips", rainSkips);
  const harvests = new HarvestService(database.db, database.dialect);
  const journal = new JournalService(
    database.db,
    database.dialect,
    (userId, plantId, kind, day) => tasks.careLogged(userId, plantId, kind, day),
    publish,
  );
  const chats = new ChatService(
    database,
    assistant,
    tasks,
    crops,
    log,
    publishLive,
    plantingNowLookup({ ...climateDeps, log }, suggestionsFor),
  );
  // Every call to a URL a gardener gave (push endpoints, ntfy, webhooks) goes through this one.
  const outbound = createOutboundClient({
    allowPrivate: config.outboundAllowPrivate,
    ...(overrides.pushAgent ? { httpsAgent: overrides.pushAgent } : {}),
  });
  const reminders = new ReminderService({
    db: database.db,
    dialect: database.dialect,
    push: createWebPushSender({
      keys: await vapidKeys(database.db, config.reminders.vapid),
      subject: config.reminders.vapidSubject,
      log,
      outbound,
    }),
    mailer,
    appAddress,
    log,
    checkEndpoint: (endpoint) => outbound.check(endpoint, PUSH_ENDPOINT),
    outbound,
  });
  app.decorate("reminders", reminders);
  const imageSweep = new ImageSweep(database.db);
  // The rain skip first, so today's reminder no longer lists a watering the rain has done.
  const scheduler = startReminderScheduler(
    async () => {
      await rainSkips
        .runOnce()
        .catch((err: unknown) => log.error({ err }, "the rain skip run failed"));
      await imageSweep
        .runIfDue()
        .catch((err: unknown) => log.error({ err }, "the sweep of unused images failed"));
      return reminders.runOnce();
    },
    config.reminders.intervalSeconds,
    log,
  );
  // Registered after the database's own hook, so it runs first (onClose hooks run last-in first).
  app.addHook("onClose", () => scheduler.stop());
  const calendar = new CalendarService(database.db);
  const contact = new ContactService({
    db: database.db,
    dialect: database.dialect,
    mailer,
    log,
    inboxEmail: config.contact.email,
    perHour: config.contact.perHour,
  });
  const admin = new AdminService(database.db, contact, config.adminEmails);
  const apiTokens = new ApiTokenService(database.db, database.dialect, (userId, tokenId) => {
    changes
      .publish({ userId, type: "token.revoked", id: tokenId })
      .catch((err: unknown) => log.error({ err }, "could not end a revoked token's event streams"));
  });
  const exports = new ExportService(database.db, (userId) => profiles.get(userId));
  const imports = new ImportService({
    db: database.db,
    dialect: database.dialect,
    zones: zoneLookup,
    imported: (change: ImportedChanges) => {
      // Every cached read of the gardener here. One event per kind of record tells open tabs;
      // on other instances plant.created drops the plant list, task.created the task lists and
      // plant.updated the pages of plants that existed before (new plants were never cached).
      gardenReads.invalidate(change.userId);
      for (const plantId of change.touchedPlantIds) {
        publish({ userId: change.userId, type: "plant.updated", id: plantId });
      }
      const first: [ChangeType, string | undefined][] = [
        ["plant.created", change.plantIds[0]],
        ["task.created", change.taskIds[0]],
        ["chat.updated", change.chatIds[0]],
        ["workflow.updated", change.workflowIds[0]],
      ];
      for (const [type, id] of first) {
        if (!id) continue;
        changes
          .publish({ userId: change.userId, type, id })
          .catch((err: unknown) => log.warn({ err }, "could not publish a change"));
      }
    },
  });
  const growAlong = new GrowAlongService(assistant, crops, log, warningFor);
  const workflows = new WorkflowService(database, workflowTemplates(), publishLive);

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

  await app.register(healthRoutes(database));
  await app.register(zoneRoutes);
  await app.register(placeRoutes(weatherProviders.finder));
  await app.register(catalogueRoutes(crops));
  await app.register(appConfigRoutes(config));
  await app.register(
    authRoutes(auth, knownAuthRoutes, signUps, sessions, endSessions, config.publicUrl),
  );
  await app.register(anonymousChatRoutes(assistants.builtIn, config.anonymousChatPerHour));
  await app.register(calendarFeedRoutes(calendar, appAddress));
  await app.register(unsubscribeRoutes(reminders));
  await app.register(async (scope) => {
    // onRequest, so a request without a session is 401 before its body is even parsed.
    // An API token (Authorization: Bearer) stands in for a session on every route here except
    // the session-only ones (FastifyContextConfig.sessionOnly).
    scope.addHook("onRequest", requireUser(auth, sessions, apiTokens));
    // Before the routes: it adds the Idempotency-Key to those marked idempotentCreate.
    registerIdempotentCreates(scope, new IdempotencyService(database.db, log));
    scope.addHook("onRequest", eventPositionHeader(changes));
    await scope.register(profileRoutes(profiles));
    await scope.register(quotaRoutes(database.db));
    await scope.register(weatherCacheRoutes(database.db));
    await scope.register(weatherRoutes(weather));
    await scope.register(
      climateRoutes({
        db: database.db,
        climate,
        finder: weatherProviders.finder,
        profiles,
        catalogue: crops,
        calendars,
        frostStations,
        warningFor,
      }),
    );
    await scope.register(eventsRoute(changes, eventLog));
    await scope.register(plantRoutes(plants, gardenReads));
    await scope.register(plantPhotoRoutes(plants, photos));
    await scope.register(harvestRoutes(harvests));
    await scope.register(harvestPhotoRoutes(harvests, photos));
    await scope.register(journalRoutes(journal, photos));
    await scope.register(identificationRoutes(identifications, photos));
    await scope.register(taskRoutes(tasks, gardenReads));
    await scope.register(areaRoutes(areas));
    await scope.register(rainSkipRoutes(rainSkips));
    await scope.register(chatRoutes(chats));
    await scope.register(growAlongRoutes(growAlong));
    await scope.register(workflowRoutes(workflows));
    await scope.register(pushRoutes(reminders));
    await scope.register(reminderChannelRoutes(reminders));
    await scope.register(calendarUrlRoutes(calendar, appAddress));
    // Session only: an API token may not export, import or delete the account, make tokens or
    // use the operator's pages (a few routes above are session only too: they say so themselves).
    await scope.register(sessionOnly("Exporting your data", exportRoutes(exports)));
    await scope.register(sessionOnly("Importing a file", importRoutes(imports, photos)));
    await scope.register(
      sessionOnly(
        "Deleting the account",
        deleteAccountRoutes({ db: database.db, auth, endSessions }),
      ),
    );
    await scope.register(sessionOnly("Managing API tokens", apiTokenRoutes(apiTokens)));
    await scope.register(contactRoutes(contact));
    await scope.register(sessionOnly("Using the operator's pages", adminRoutes(admin)));
    await scope.register(operatorStatusRoutes(admin));
  });

  await registerWebApp(app, config.webDistDir, webShell);
  return app;
}
