import type { Kysely } from "kysely";
import { addDays, daysBetween } from "../../../core/garden/dates";
import { buildTimeline } from "../../../core/garden/timeline";
import { localizeUnits } from "../../../core/units-text";
import { describeWeatherCode } from "../../../core/weather";
import { gardenHealthAlerts } from "../../../core/weather/garden-health";
import type { Database } from "../../db/schema";
import type {
  GardenerContext,
  GardenPlant,
  GardenTask,
  GardenWeather,
} from "../../providers/ai/assistant";
import type { Forecast } from "../../providers/weather/types";
import type { Catalogue } from "../catalogue/catalogue-read-model";
import {
  activePlantsWithStages,
  pendingTasksDueBetween,
  recordedStageOf,
} from "../garden/read-model";
import { placeOf, profileRow } from "../profile/read-model";
import { shownForecastRow } from "../weather/read-model";

/** A forecast older than this says little about "this week". */
const WEATHER_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Enough to answer "what is overdue"; a garden with hundreds gets the oldest first. */
const MAX_OVERDUE = 20;
const UPCOMING_DAYS = 7;

/**
 * What the assistant may know of a signed-in gardener: profile, active plants with their stage,
 * tasks overdue, due today and in the next 7 days, and the forecast they were last shown.
 */
export async function loadGardenerContext(
  db: Kysely<Database>,
  catalogue: Catalogue,
  userId: string,
  today: string,
  focusPlantId: string | null,
): Promise<GardenerContext> {
  const [profile, plantRows, taskRows, overdueRows, weather] = await Promise.all([
    profileRow(db, userId),
    activePlantsWithStages(db, userId, 500),
    pendingTasksDueBetween(db, userId, today, addDays(today, UPCOMING_DAYS), 200),
    pendingTasksDueBetween(db, userId, "0000-00-00", addDays(today, -1), MAX_OVERDUE),
    cachedWeather(db, userId),
  ]);
  const units = profile?.units === "F" ? "F" : "C";
  const plants: GardenPlant[] = plantRows.map((row) => {
    const timeline = buildTimeline(row.stagePlan, row.planting_date, today, recordedStageOf(row));
    const current = timeline.stages[timeline.currentIndex];
    const next =
      timeline.currentIndex >= 0 ? timeline.stages[timeline.currentIndex + 1] : timeline.stages[0];
    return {
      id: row.id,
      name: row.name,
      cropSlug: row.crop_slug,
      cropName:
        (row.crop_slug && catalogue.bySlug(row.crop_slug)?.name) || row.common_name || row.name,
      medium: row.medium,
      place: row.place,
      plantingDate: row.planting_date,
      stage: timeline.currentStage,
      lights: row.lighting,
      ageDays: daysBetween(row.planting_date, today),
      stageDay:
        current && today <= current.endDate ? daysBetween(current.startDate, today) + 1 : null,
      stageLength: current?.durationDays ?? null,
      nextStage: next ? { name: next.name, startDate: next.startDate } : null,
      harvestDate: timeline.harvestDate,
      notes: row.notes,
    };
  });
  const names = new Map(plants.map((plant) => [plant.id, plant.name]));
  const toTask = (row: (typeof taskRows)[number]): GardenTask => ({
    id: row.id,
    title: row.title,
    dueDate: row.due_date,
    plantId: row.plant_id,
    plantName: row.plant_id ? (names.get(row.plant_id) ?? null) : null,
    repeatEveryDays: row.repeat_every_days,
  });
  const tasks = taskRows.map(toTask);
  return {
    today,
    displayName: profile?.display_name ?? null,
    experience: profile?.experience ?? null,
    units,
    zip: profile?.zip ?? null,
    zone: profile?.zone ?? null,
    zoneTitle: profile?.zone_title ?? null,
    tempRange: profile?.temp_range ?? null,
    location: profile?.location ?? null,
    place: profile ? placeOf(profile) : null,
    plants,
    focusPlant: plants.find((plant) => plant.id === focusPlantId) ?? null,
    overdue: overdueRows.map(toTask),
    dueToday: tasks.filter((task) => task.dueDate === today),
    upcoming: tasks.filter((task) => task.dueDate !== today),
    weather: weather && {
      ...weather,
      place: weather.place ?? profile?.location ?? null,
      alerts: weather.alerts.map((alert) => localizeUnits(alert, units)),
    },
  };
}

async function cachedWeather(db: Kysely<Database>, userId: string): Promise<GardenWeather | null> {
  const row = await shownForecastRow(
    db,
    userId,
    new Date(Date.now() - WEATHER_MAX_AGE_MS).toISOString(),
  );
  if (!row) return null;
  let forecast: Forecast;
  try {
    forecast = JSON.parse(row.payload) as Forecast;
  } catch {
    return null;
  }
  const current = forecast.current;
  if (typeof current?.temperatureC !== "number" || !Array.isArray(forecast.daily)) return null;
  const days = forecast.daily.map((day) => ({
    date: day.date,
    minC: day.minC,
    maxC: day.maxC,
    precipitationMm: day.precipitationMm,
  }));
  const alerts = gardenHealthAlerts(
    {
      current: {
        temperature: current.temperatureC,
        humidity: current.humidity,
        windSpeed: current.windMph,
      },
      forecast: days.map((day) => ({
        max: day.maxC,
        min: day.minC,
        precipitation: day.precipitationMm,
      })),
    },
    "C",
  ).map((alert) => `${alert.message} ${alert.action}`);
  return {
    place: null,
    fetchedAt: row.fetched_at,
    temperatureC: current.temperatureC,
    humidity: current.humidity,
    windMph: current.windMph,
    conditions: describeWeatherCode(current.weatherCode),
    days,
    alerts,
  };
}
