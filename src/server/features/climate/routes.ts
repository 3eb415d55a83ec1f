import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { climateBody } from "../../../core/climate/climate-body";
import { plantingCalendar } from "../../../core/climate/planting-calendar";
import { verdictWords } from "../../../core/climate/verdict-words";
import {
  climateBodySchema,
  climatePatchSchema,
  plantingCalendarBodySchema,
  plantingCalendarQuerySchema,
  plantingWarningBodySchema,
  plantingWarningQuerySchema,
} from "../../../core/schemas/climate";
import type { CropCalendar } from "../../../core/schemas/crop-calendar";
import { errorBodySchema } from "../../../core/schemas/error";
import type { FrostStation } from "../../../core/weather";
import { currentUser } from "../../auth/session";
import type { Database } from "../../db/schema";
import { notFound } from "../../errors";
import type { PlaceFinder } from "../../providers/weather";
import type { Catalogue } from "../catalogue/catalogue-read-model";
import { findUnits } from "../profile/read-model";
import type { ProfileService } from "../profile/service";
import { gardenerClimate } from "./gardener-climate";
import type { PlantingWarningCheck } from "./planting-warning-service";
import type { ClimateService } from "./service";

export interface ClimateRouteDeps {
  db: Kysely<Database>;
  climate: ClimateService;
  finder: PlaceFinder;
  profiles: ProfileService;
  catalogue: Catalogue;
  calendars: ReadonlyMap<string, CropCalendar>;
  frostStations: () => readonly FrostStation[];
  warningFor: PlantingWarningCheck;
  now?: () => Date;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const NO_PLACE = "Your garden's place (choose a town or postcode in Settings)";

/** The gardener's climate and planting calendar (API.md, issue 23). */
export function climateRoutes(deps: ClimateRouteDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  const today = () => (deps.now?.() ?? new Date()).toISOString().slice(0, 10);
  const climateOf = async (userId: string, date: string) => {
    // The gardener asked: the archive is asked again even if it failed a moment ago.
    const found = await gardenerClimate(deps, userId, date, true);
    if (!found) throw notFound(NO_PLACE);
    return found;
  };
  return async (app) => {
    app.get(
      "/api/me/climate",
      {
        schema: {
          tags: ["profile"],
          summary: "The climate of the gardener's place: zone, frost dates, monthly means",
          response: { 200: climateBodySchema, ...errors },
        },
      },
      async (request) => {
        const found = await climateOf(currentUser(request).id, today());
        return climateBody(found.profile, found.latitude);
      },
    );

    app.patch(
      "/api/me/climate",
      {
        schema: {
          tags: ["profile"],
          summary: "Record the gardener's own frost dates (null goes back to the place's)",
          body: climatePatchSchema,
          response: { 200: climateBodySchema, ...errors },
        },
      },
      async (request) => {
        const userId = currentUser(request).id;
        const { lastFrost, firstFrost } = request.body;
        // No place, no climate to correct: 404 before anything is saved.
        await climateOf(userId, today());
        await deps.profiles.setFrostDates(userId, lastFrost, firstFrost);
        const found = await climateOf(userId, today());
        return climateBody(found.profile, found.latitude);
      },
    );

    app.get(
      "/api/planting-warning",
      {
        schema: {
          tags: ["garden"],
          summary: "Whether a planting date is outside the crop's window at the gardener's place",
          querystring: plantingWarningQuerySchema,
          response: { 200: plantingWarningBodySchema, ...errors },
        },
      },
      async (request) => {
        const { crop, date, place, startMethod } = request.query;
        if (!deps.catalogue.bySlug(crop)) throw notFound(`The crop "${crop}"`);
        const startedAs =
          startMethod === "seed" ? "seed" : startMethod === undefined ? "either" : "plant";
        const plantingWarning = await deps.warningFor(
          currentUser(request).id,
          { cropSlug: crop, date, startedAs, indoors: place === "indoor" },
          today(),
        );
        return { plantingWarning };
      },
    );

    app.get(
      "/api/planting-calendar",
      {
        schema: {
          tags: ["garden"],
          summary: "When to start, sow, plant out and harvest each crop at the gardener's place",
          querystring: plantingCalendarQuerySchema,
          response: { 200: plantingCalendarBodySchema, ...errors },
        },
      },
      async (request) => {
        const userId = currentUser(request).id;
        const date = request.query.date ?? today();
        const [found, units] = await Promise.all([climateOf(userId, date), findUnits(db, userId)]);
        const slugs = request.query.crops?.split(",");
        const crops = slugs
          ? slugs.map((slug) => {
              const crop = deps.catalogue.bySlug(slug);
              if (!crop) throw notFound(`The crop "${slug}"`);
              return crop;
            })
          : deps.catalogue.crops;
        const { profile } = found;
        return {
          place: found.place,
          climate: climateBody(profile, found.latitude),
          date,
          // Without a climate (the archive unreachable, no station) there is no calendar to give.
          crops: profile
            ? crops.flatMap((crop) => {
                const calendar = deps.calendars.get(crop.slug);
                if (!calendar) return [];
                const year = plantingCalendar(
                  profile,
                  { calendar, daysToMaturity: crop.daysToMaturity },
                  date,
                );
                const { verdict } = year;
                const next =
                  verdict.status === "not-now" && verdict.next
                    ? verdict.next
                    : (year.windows.find((w) => w.action !== "harvest" && w.from > date) ?? null);
                return [
                  {
                    slug: crop.slug,
                    name: crop.name,
                    category: crop.category,
                    verdict: verdict.status === "indoors" ? ("now" as const) : verdict.status,
                    reason: verdictWords(verdict, units),
                    next,
                    windows: year.windows,
                  },
                ];
              })
            : [],
        };
      },
    );
  };
}
