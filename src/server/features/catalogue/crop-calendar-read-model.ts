import fs from "node:fs";
import { type CropCalendar, cropCalendarFileSchema } from "../../../core/schemas/crop-calendar";
import { dataPath } from "../../lib/paths";
import type { Catalogue } from "./catalogue-read-model";

/**
 * Reads and checks data/crops/calendar.json against the catalogue: one entry per crop, no
 * strangers. A broken file stops start-up rather than a request.
 */
export function loadCropCalendars(catalogue: Catalogue): ReadonlyMap<string, CropCalendar> {
  const file = cropCalendarFileSchema.parse(
    JSON.parse(fs.readFileSync(dataPath("crops", "calendar.json"), "utf8")),
  );
  const calendars = new Map<string, CropCalendar>();
  for (const entry of file.crops) {
    if (!catalogue.bySlug(entry.slug)) {
      throw new Error(`data/crops/calendar.json names an unknown crop: ${entry.slug}`);
    }
    if (calendars.has(entry.slug)) {
      throw new Error(`data/crops/calendar.json lists ${entry.slug} twice`);
    }
    calendars.set(entry.slug, entry);
  }
  const missing = catalogue.crops.filter((crop) => !calendars.has(crop.slug));
  if (missing.length) {
    throw new Error(
      `data/crops/calendar.json has no entry for: ${missing.map((c) => c.slug).join(", ")}`,
    );
  }
  return calendars;
}
