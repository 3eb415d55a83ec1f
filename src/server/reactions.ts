import type { FastifyInstance } from "fastify";
import type { Logger } from "pino";
import type { SessionCache } from "./auth/session-cache";
import type { Config } from "./config";
import type { ImportedChanges } from "./features/account-data/import-service";
import type { ChatChange } from "./features/chat/service";
import { keysChangedBy, type PublishChange, scopesChangedBy } from "./features/garden/changes";
import type { RainSkipService } from "./features/garden/rain-skips/service";
import type { ImageSweep } from "./features/photos/image-sweep-service";
import { startReminderScheduler } from "./features/reminders/scheduler";
import type { ReminderService } from "./features/reminders/service";
import type { WorkflowChange } from "./features/workflows/service";
import type { UserResponseCache } from "./lib/user-response-cache";
import type { ChangeBus, ChangeEvent, ChangeType } from "./realtime/bus";

// Every reaction of one part of the app to another's change, in one place: features publish their
// changes (or are handed one of the callbacks below) and never call each other's caches or buses.

/** A change any feature publishes: the garden's, a chat's or a checklist's. */
export type PublishLive = (
  change: Parameters<PublishChange>[0] | WorkflowChange | ChatChange,
) => void;

export interface CacheReactions {
  /** Ends every session of the user on every instance (their cached copies included). */
  endSessions: (userId: string) => void;
  /** Drops this instance's cached reads the change alters, then tells every instance. */
  publishLive: PublishLive;
}

/**
 * The caches each instance keeps, kept current by the bus: a session ended anywhere is forgotten
 * here; a garden change anywhere drops the reads it alters (on this instance at once, through
 * publishLive, before the bus delivers it).
 */
export function cacheReactions(
  changes: ChangeBus,
  sessions: SessionCache,
  gardenReads: UserResponseCache,
  log: Logger,
): CacheReactions {
  changes.subscribeAll((event) => {
    if (event.type === "sessions.ended") sessions.deleteUser(event.userId);
  });
  const dropChangedReads = (change: ChangeEvent & { dueDates?: unknown }) => {
    gardenReads.invalidate(change.userId, scopesChangedBy(change));
    const keyed = keysChangedBy(change);
    if (keyed) gardenReads.invalidateKeys(change.userId, keyed.scope, keyed.keys);
  };
  changes.subscribeAll(dropChangedReads);
  // Both caches are kept current by other instances' events; while those cannot arrive (a lost
  // LISTEN connection, or none yet), which user changed is unknown, so they keep nothing.
  const followListening = (listening: boolean) => {
    for (const cache of [sessions, gardenReads]) {
      if (listening) cache.resume();
      else cache.suspend();
    }
  };
  if (!changes.listening) followListening(false);
  changes.subscribeListening(followListening);
  return {
    endSessions: (userId) => {
      sessions.deleteUser(userId);
      changes
        .publish({ userId, type: "sessions.ended", id: userId })
        .catch((err: unknown) =>
          log.error({ err }, "could not tell other instances a session ended"),
        );
    },
    publishLive: (change) => {
      dropChangedReads(change);
      changes
        .publish(change)
        .catch((err: unknown) => log.warn({ err }, "could not publish a change"));
    },
  };
}

/** Units changed (ProfileService): cached garden reads are written in the gardener's units. */
export function onUnitsChanged(changes: ChangeBus, gardenReads: UserResponseCache, log: Logger) {
  return (userId: string) => {
    gardenReads.invalidate(userId);
    changes
      .publish({ userId, type: "units.changed", id: userId })
      .catch((err: unknown) => log.warn({ err }, "could not tell other instances units changed"));
  };
}

/** A token revoked (ApiTokenService): every instance ends the event streams it opened. */
export function onTokenRevoked(changes: ChangeBus, log: Logger) {
  return (userId: string, tokenId: string) => {
    changes
      .publish({ userId, type: "token.revoked", id: tokenId })
      .catch((err: unknown) => log.error({ err }, "could not end a revoked token's event streams"));
  };
}

/** An import done (ImportService): the gardener's garden, chats and checklists all changed. */
export function onImported(
  changes: ChangeBus,
  gardenReads: UserResponseCache,
  publish: PublishChange,
  log: Logger,
) {
  return (change: ImportedChanges) => {
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
  };
}

export interface ScheduledJobs {
  rainSkips: RainSkipService;
  imageSweep: ImageSweep;
  reminders: ReminderService;
}

/**
 * The timer's runs, stopped when the app closes. The rain skip first, so today's reminder no
 * longer lists a watering the rain has done.
 */
export function startScheduledRuns(
  app: FastifyInstance,
  { rainSkips, imageSweep, reminders }: ScheduledJobs,
  config: Config,
  log: Logger,
): void {
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
}
