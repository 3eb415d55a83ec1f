import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FeatureOptions } from "../../core";
import type { PlantingWarningCheck } from "../climate/planting-warning-service";
import { cachedWeatherForPlans } from "../weather/plan-weather-read-model";
import { areaRoutes } from "./areas/routes";
import { AreaService } from "./areas/service";
import { harvestPhotoRoutes } from "./harvests/harvest-photo-routes";
import { harvestRoutes } from "./harvests/harvests-routes";
import { HarvestService } from "./harvests/harvests-service";
import { journalRoutes } from "./journal/journal-routes";
import { JournalService } from "./journal/journal-service";
import { plantPhotoRoutes } from "./plant-photo-routes";
import { plantRoutes } from "./plants-routes";
import { type IdentificationLookup, PlantService } from "./plants-service";
import { rainSkipRoutes } from "./rain-skips/routes";
import type { RainSkipService } from "./rain-skips/service";
import { taskRoutes } from "./tasks-routes";
import type { TaskService } from "./tasks-service";

export interface GardenOptions extends FeatureOptions {
  /** Built outside: the chat reads tasks, the timer runs the rain skip. */
  tasks: TaskService;
  rainSkips: RainSkipService;
  identifications: IdentificationLookup;
  warningFor: PlantingWarningCheck;
}

/** Plants, tasks, areas, harvests, the journal and the rain skip: all signed in. */
export const gardenPlugin: FastifyPluginAsyncZod<GardenOptions> = async (
  app,
  { core, signedIn, tasks, rainSkips, identifications, warningFor },
) => {
  const { database, crops, planProvider, log, publish, photos, gardenReads } = core;
  const { db, dialect } = database;
  const plants = new PlantService(
    db,
    dialect,
    crops,
    planProvider,
    log,
    publish,
    cachedWeatherForPlans(db),
    identifications,
    warningFor,
  );
  const areas = new AreaService(db, dialect, crops, publish);
  const harvests = new HarvestService(db, dialect);
  const journal = new JournalService(
    db,
    dialect,
    (userId, plantId, kind, day) => tasks.careLogged(userId, plantId, kind, day),
    publish,
  );
  await app.register(
    signedIn(async (scope) => {
      await scope.register(plantRoutes(plants, gardenReads));
      await scope.register(plantPhotoRoutes(plants, photos));
      await scope.register(harvestRoutes(harvests));
      await scope.register(harvestPhotoRoutes(harvests, photos));
      await scope.register(journalRoutes(journal, photos));
      await scope.register(taskRoutes(tasks, gardenReads));
      await scope.register(areaRoutes(areas));
      await scope.register(rainSkipRoutes(rainSkips));
    }),
  );
};
