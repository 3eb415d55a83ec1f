import type { Agent } from "node:https";
import type { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { Logger } from "pino";
import type { CropCalendar } from "../core/schemas/crop-calendar";
import { type Auth, createAuth } from "./auth/auth";
import type { KnownAuthRoutes } from "./auth/known-routes";
import type { AuthRateLimitStore } from "./auth/rate-limit-store";
import { SessionCache } from "./auth/session-cache";
import { SignUpAnswers } from "./auth/sign-up-answers";
import type { SignedIn } from "./auth/signed-in";
import type { Config } from "./config";
import { type DatabaseHandle, openDatabase } from "./db/connection";
import { migrateToLatest } from "./db/migrate";
import { type Catalogue, catalogue } from "./features/catalogue/catalogue-read-model";
import { loadCropCalendars } from "./features/catalogue/crop-calendar-read-model";
import type { PublishChange } from "./features/garden/changes";
import type { RainSkipService } from "./features/garden/rain-skips/service";
import { findAppOrigin } from "./features/profile/read-model";
import type { ReminderService } from "./features/reminders/service";
import { AppAddress } from "./lib/app-address";
import { createOutboundClient, type OutboundClient } from "./lib/outbound-client";
import { PhotoGate } from "./lib/photos/photo-gate";
import { UserResponseCache } from "./lib/user-response-cache";
import { type Assistant, createAssistants } from "./providers/ai";
import type { PlanProvider } from "./providers/ai/plan-provider";
import { createMailer, type Mailer } from "./providers/email";
import { trackInFlight } from "./providers/email/in-flight";
import { createPlantIdentifier } from "./providers/plant-id";
import { createOfflineIdentifier } from "./providers/plant-id/offline";
import type { PlantIdentifier } from "./providers/plant-id/plant-identifier";
import { createWeatherProviders, type WeatherProviders } from "./providers/weather";
import { cacheReactions, type PublishLive } from "./reactions";
import type { ChangeBus } from "./realtime/bus";
import { createChangeBus } from "./realtime/create-bus";
import { EventLog } from "./realtime/event-log";

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

/** What every feature may use: built once per app, closed with it. */
export interface Core {
  config: Config;
  log: Logger;
  database: DatabaseHandle;
  changes: ChangeBus;
  eventLog: EventLog;
  mailer: Mailer;
  appAddress: AppAddress;
  auth: Auth;
  knownAuthRoutes: KnownAuthRoutes;
  signUps: SignUpAnswers;
  sessions: SessionCache;
  /**
   * Garden reads, cached per user until that user's garden changes: on this instance at once
   * (publishLive), on other instances when the change reaches them through the bus.
   */
  gardenReads: UserResponseCache;
  endSessions: (userId: string) => void;
  publishLive: PublishLive;
  /** publishLive, for the garden's services (which publish only garden changes). */
  publish: PublishChange;
  weatherProviders: WeatherProviders;
  crops: Catalogue;
  calendars: ReadonlyMap<string, CropCalendar>;
  assistant: Assistant;
  /** The built-in assistant: signed-out chat always uses it. */
  builtInAssistant: Assistant;
  planProvider: PlanProvider;
  plantIdentifier: PlantIdentifier;
  /** Every photo decode of this app (identify, plant photos, imports) goes through it. */
  photos: PhotoGate;
  /** Every call to a URL a gardener gave (push endpoints, ntfy, webhooks) goes through this one. */
  outbound: OutboundClient;
}

/** How long after listening the assistants are built (LazyAssistant). */
const ASSISTANT_WARM_DELAY_MS = 2000;

/**
 * Opens the database, the change bus and the providers. Each onClose hook is added after the
 * database's own, so it runs before it (onClose hooks run last-in first).
 */
export async function openCore(
  app: FastifyInstance,
  config: Config,
  overrides: AppOverrides,
): Promise<Core> {
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
  app.addHook("onClose", () => eventLog.stopPruning());

  const { mailer, drain: drainMail } = trackInFlight(overrides.mailer ?? createMailer(config, log));
  app.addHook("onClose", drainMail);
  const sessions = new SessionCache();
  const gardenReads = new UserResponseCache(
    config.responseCacheMegabytes,
    config.responseCacheTtlSeconds,
  );
  const { endSessions, publishLive } = cacheReactions(changes, sessions, gardenReads, log);
  const appAddress = new AppAddress(config.publicUrl, config.followRequestAddress, (userId) =>
    findAppOrigin(database.db, userId),
  );
  const {
    auth,
    known: knownAuthRoutes,
    rateLimits: authRateLimits,
  } = createAuth({ config, database, mailer, log, endSessions, appAddress });
  app.decorate("authRateLimits", authRateLimits);
  authRateLimits.startPruning(log);
  app.addHook("onClose", () => authRateLimits.stopPruning());
  const signUps = new SignUpAnswers(auth, database.db, mailer, appAddress, log);

  const crops = catalogue();
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
  const plantIdentifier =
    overrides.plantIdentifier ?? createPlantIdentifier(config, log, createOfflineIdentifier());
  app.addHook("onClose", async () => {
    await plantIdentifier.close?.();
  });
  return {
    config,
    log,
    database,
    changes,
    eventLog,
    mailer,
    appAddress,
    auth,
    knownAuthRoutes,
    signUps,
    sessions,
    gardenReads,
    endSessions,
    publishLive,
    publish: publishLive,
    weatherProviders: createWeatherProviders(config, log),
    crops,
    calendars: loadCropCalendars(crops),
    assistant,
    builtInAssistant: assistants.builtIn,
    planProvider: overrides.planProvider ?? assistant,
    plantIdentifier,
    photos: new PhotoGate({ perMinute: config.identifyPerMinute }),
    outbound: createOutboundClient({
      allowPrivate: config.outboundAllowPrivate,
      ...(overrides.pushAgent ? { httpsAgent: overrides.pushAgent } : {}),
    }),
  };
}

/** What every feature plugin is given: the core, and the signed-in scope its routes go in. */
export interface FeatureOptions {
  core: Core;
  signedIn: SignedIn;
}
