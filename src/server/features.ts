import type { FastifyInstance } from "fastify";
import { signedInScope } from "./auth/signed-in";
import type { Core } from "./core";
import { accountDataPlugin } from "./features/account-data/plugin";
import { adminPlugin } from "./features/admin/plugin";
import { apiTokensPlugin } from "./features/api-tokens/plugin";
import { ApiTokenService } from "./features/api-tokens/service";
import { appConfigPlugin } from "./features/app-config/plugin";
import { calendarPlugin } from "./features/calendar/plugin";
import { cataloguePlugin } from "./features/catalogue/plugin";
import { chatPlugin } from "./features/chat/plugin";
import { climateForPoint } from "./features/climate/gardener-climate";
import { plantingNowLookup } from "./features/climate/planting-now-service";
import { plantingWarnings } from "./features/climate/planting-warning-service";
import { climatePlugin } from "./features/climate/plugin";
import { ClimateService } from "./features/climate/service";
import { keptCalendarSuggestions } from "./features/climate/suggestions-service";
import { contactPlugin } from "./features/contact/plugin";
import { ContactService } from "./features/contact/service";
import { gardenPlugin } from "./features/garden/plugin";
import { RainSkipService } from "./features/garden/rain-skips/service";
import { TaskService } from "./features/garden/tasks-service";
import { growAlongPlugin } from "./features/grow-along/plugin";
import { IdempotencyService } from "./features/idempotency/service";
import { identificationPlugin } from "./features/identification/plugin";
import { IdentificationService } from "./features/identification/service";
import { ImageSweep } from "./features/photos/image-sweep-service";
import { profilePlugin } from "./features/profile/plugin";
import { ProfileService } from "./features/profile/service";
import { quotaPlugin } from "./features/quota/plugin";
import { remindersPlugin } from "./features/reminders/plugin";
import { ReminderService } from "./features/reminders/service";
import { vapidKeys } from "./features/reminders/vapid-keys";
import { frostStations } from "./features/weather/frost-stations";
import { weatherPlugin } from "./features/weather/plugin";
import { WeatherService } from "./features/weather/service";
import { workflowsPlugin } from "./features/workflows/plugin";
import { zonesPlugin } from "./features/zones/plugin";
import { zoneLookup } from "./features/zones/service";
import { knowledgeBase } from "./providers/ai/knowledge/knowledge-base";
import { createWebPushSender, PUSH_ENDPOINT } from "./providers/push/web-push-sender";
import { onTokenRevoked, onUnitsChanged, startScheduledRuns } from "./reactions";
import { eventsRoute } from "./realtime/events-route";

/**
 * Registers every feature's plugin. A service only its own feature calls is built by that
 * feature's plugin; one that another feature calls is built here, once, and handed to each
 * plugin that calls it: so every call from one feature to another is named in this file.
 */
export async function registerFeatures(app: FastifyInstance, core: Core): Promise<void> {
  const { config, database, log, changes, gardenReads, publish, weatherProviders, crops } = core;
  const { db, dialect } = database;

  const climate = new ClimateService({ db, archive: weatherProviders.archive, log });
  const climateDeps = { db, finder: weatherProviders.finder, climate, frostStations };
  const warningFor = plantingWarnings({
    ...climateDeps,
    catalogue: crops,
    calendars: core.calendars,
    log,
  });
  const suggestionsFor = keptCalendarSuggestions(crops.crops, core.calendars);
  const weather = new WeatherService({
    db,
    ...weatherProviders,
    frostStations,
    calendar: async (userId, place, today, units) => {
      const spot = { latitude: place.lat, longitude: place.lon, countryCode: place.countryCode };
      const profile = await climateForPoint(climateDeps, userId, spot, today);
      return profile ? suggestionsFor(profile, today, units) : null;
    },
  });
  const profiles = new ProfileService(db, zoneLookup, onUnitsChanged(changes, gardenReads, log));
  const identifications = new IdentificationService({
    database,
    identifier: core.plantIdentifier,
    catalogue: crops,
    knowledge: knowledgeBase,
    assistant: core.assistant,
    photos: core.photos,
    log,
  });
  const tasks = new TaskService(db, dialect, publish);
  const rainSkips = new RainSkipService({
    db,
    dialect,
    publish,
    rainAt: (userId, now, mayFetch) => weather.rainAtHome(userId, now, mayFetch),
    log,
  });
  app.decorate("rainSkips", rainSkips);
  const reminders = new ReminderService({
    db,
    dialect,
    push: createWebPushSender({
      keys: await vapidKeys(db, config.reminders.vapid),
      subject: config.reminders.vapidSubject,
      log,
      outbound: core.outbound,
    }),
    mailer: core.mailer,
    appAddress: core.appAddress,
    log,
    checkEndpoint: (endpoint) => core.outbound.check(endpoint, PUSH_ENDPOINT),
    outbound: core.outbound,
  });
  app.decorate("reminders", reminders);
  startScheduledRuns(app, { rainSkips, imageSweep: new ImageSweep(db), reminders }, config, log);
  const contact = new ContactService({
    db,
    dialect,
    mailer: core.mailer,
    log,
    inboxEmail: config.contact.email,
    perHour: config.contact.perHour,
  });
  const apiTokens = new ApiTokenService(db, dialect, onTokenRevoked(changes, log));

  const signedIn = signedInScope({
    auth: core.auth,
    sessions: core.sessions,
    tokens: apiTokens,
    idempotency: new IdempotencyService(db, log),
    changes,
  });
  const options = { core, signedIn };
  await app.register(zonesPlugin);
  await app.register(weatherPlugin, { ...options, weather });
  await app.register(cataloguePlugin, options);
  await app.register(appConfigPlugin, options);
  await app.register(chatPlugin, {
    ...options,
    tasks,
    plantingNow: plantingNowLookup({ ...climateDeps, log }, suggestionsFor),
  });
  await app.register(calendarPlugin, options);
  await app.register(remindersPlugin, { ...options, reminders });
  await app.register(profilePlugin, { ...options, profiles });
  await app.register(quotaPlugin, options);
  await app.register(climatePlugin, { ...options, climate, frostStations, warningFor, profiles });
  await app.register(signedIn(eventsRoute(changes, core.eventLog)));
  await app.register(gardenPlugin, {
    ...options,
    tasks,
    rainSkips,
    identifications: (userId, id) => identifications.forPlant(userId, id),
    warningFor,
  });
  await app.register(identificationPlugin, { ...options, identifications });
  await app.register(growAlongPlugin, { ...options, warningFor });
  await app.register(workflowsPlugin, options);
  await app.register(accountDataPlugin, { ...options, profiles });
  await app.register(apiTokensPlugin, { ...options, apiTokens });
  await app.register(contactPlugin, { ...options, contact });
  await app.register(adminPlugin, { ...options, contact });
}
