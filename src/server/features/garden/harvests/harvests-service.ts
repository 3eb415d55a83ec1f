import { randomUUID } from "node:crypto";
import type { Kysely, Updateable } from "kysely";
import type { GrowingSeason } from "../../../../core/garden/growing-season";
import {
  harvestSeasonOf,
  hasAmount,
  hemisphereFor,
  seasonFromKey,
  totalOf,
  totalsBy,
} from "../../../../core/garden/harvests";
import type {
  Harvest,
  HarvestCreate,
  HarvestPatch,
  PlantHarvests,
  SeasonHarvests,
} from "../../../../core/schemas/harvest";
import type { Dialect } from "../../../db/connection";
import type { Database, HarvestTable } from "../../../db/schema";
import { badRequest, notFound } from "../../../errors";
import { type ImageRow, imageRow } from "../../../lib/photos/image-store";
import type { StoredPhoto } from "../../../lib/photos/pipeline";
import { storedLocation } from "../../profile/read-model";
import { plantExists } from "../read-model";
import {
  deleteHarvest,
  findHarvest,
  type HarvestRow,
  harvestImage,
  harvestMonths,
  harvestsBetween,
  harvestsOfPlant,
  insertHarvestOfPlant,
  replaceHarvestImage,
  updateHarvest,
} from "./harvests-repository";

const harvestNotFound = () => notFound("That harvest");
const noAmount = () =>
  badRequest("A harvest needs a weight, a count, or both.", [
    { path: "weight", message: "Give a weight, a count, or both." },
  ]);
const plantNotFound = () => notFound("That plant");

/** A harvest photo's URL; the image id in it changes with the photo, so browsers may cache it. */
const harvestPhotoUrl = (id: string, imageId: string | null) =>
  imageId ? `/api/harvests/${encodeURIComponent(id)}/photo?v=${encodeURIComponent(imageId)}` : null;

export function toHarvest(row: HarvestRow): Harvest {
  return {
    id: row.id,
    plantId: row.plant_id,
    plantName: row.plant_id ? row.plant_name : null,
    cropSlug: row.crop_slug,
    cropName: row.crop_name,
    // An area deleted since the harvest was logged counts as none.
    areaId: row.area_name === null ? null : row.area_id,
    areaName: row.area_name,
    date: row.harvested_on,
    weightG: row.weight_g === null ? null : Number(row.weight_g),
    count: row.count === null ? null : Number(row.count),
    note: row.note,
    imageUrl: harvestPhotoUrl(row.id, row.image_id),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Issue 26 "harvest log": harvests logged on a plant, a season's totals by crop and area. */
export class HarvestService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Logs a harvest of the gardener's plant. The crop and the area are copied from the plant as it
   * is now: the harvest keeps them when the plant is deleted or moved.
   */
  async create(userId: string, plantId: string, input: HarvestCreate): Promise<Harvest> {
    const now = new Date().toISOString();
    const id = randomUUID();
    const stored = await insertHarvestOfPlant(this.db, this.dialect, userId, plantId, (plant) => {
      if (!hasAmount(input)) throw noAmount();
      return {
        id,
        user_id: userId,
        plant_id: plant.id,
        // A custom plant has no catalogue crop: its own slug (from its name) groups its harvests.
        crop_slug: plant.crop_slug ?? plant.slug ?? `plant-${plant.id}`,
        crop_name: plant.crop_slug ? (plant.common_name ?? plant.name) : plant.name,
        area_id: plant.area_id,
        harvested_on: input.date,
        weight_g: input.weightG,
        count: input.count,
        note: input.note ?? null,
        image_id: null,
        created_at: now,
        updated_at: now,
      };
    });
    if (!stored) throw plantNotFound();
    return this.get(userId, id);
  }

  async get(userId: string, id: string): Promise<Harvest> {
    const row = await findHarvest(this.db, userId, id);
    if (!row) throw harvestNotFound();
    return toHarvest(row);
  }

  async ofPlant(userId: string, plantId: string): Promise<PlantHarvests> {
    const [exists, rows] = await Promise.all([
      plantExists(this.db, userId, plantId),
      harvestsOfPlant(this.db, userId, plantId),
    ]);
    if (!exists) throw plantNotFound();
    const harvests = rows.map(toHarvest);
    return { harvests, total: totalOf(harvests) };
  }

  /** One season's harvests and totals; `seasonKey` absent means the season holding `today`. */
  async ofSeason(
    userId: string,
    seasonKey: string | undefined,
    today: string,
  ): Promise<SeasonHarvests> {
    const latitude = await this.latitudeOf(userId);
    let season: GrowingSeason = harvestSeasonOf(today, latitude);
    if (seasonKey !== undefined) {
      const asked = seasonFromKey(seasonKey, hemisphereFor(latitude));
      if (!asked) {
        throw badRequest(
          `There is no season "${seasonKey}" where you garden: pick one such as ${season.key}.`,
          [{ path: "season", message: `is not a season such as ${season.key}.` }],
        );
      }
      season = asked;
    }
    const [rows, months] = await Promise.all([
      harvestsBetween(this.db, userId, season.start, season.end),
      harvestMonths(this.db, userId),
    ]);
    const harvests = rows.map(toHarvest);
    const seasons = [
      ...new Set(months.map((month) => harvestSeasonOf(`${month}-01`, latitude).key)),
    ].sort((a, b) => b.localeCompare(a));
    return {
      season,
      seasons,
      harvests,
      total: totalOf(harvests),
      byCrop: totalsBy(harvests, (h) => ({ key: h.cropSlug, name: h.cropName })).map(
        ({ key, ...totals }) => ({ cropSlug: key, ...totals }),
      ),
      byArea: totalsBy(harvests, (h) => ({
        key: h.areaId,
        name: h.areaName ?? "No area",
      })).map(({ key, ...totals }) => ({ areaId: key, ...totals })),
    };
  }

  /** Changes what is given; a harvest left with neither weight nor count is refused. */
  async update(userId: string, id: string, patch: HarvestPatch): Promise<Harvest> {
    const current = await findHarvest(this.db, userId, id);
    if (!current) throw harvestNotFound();
    const changes: Updateable<HarvestTable> = { updated_at: new Date().toISOString() };
    if (patch.date !== undefined) changes.harvested_on = patch.date;
    if ("weightG" in patch) changes.weight_g = patch.weightG;
    if (patch.count !== undefined) changes.count = patch.count;
    if (patch.note !== undefined) changes.note = patch.note;
    const weightG = changes.weight_g === undefined ? current.weight_g : changes.weight_g;
    const count = changes.count === undefined ? current.count : changes.count;
    if (!hasAmount({ weightG, count })) throw noAmount();
    if (!(await updateHarvest(this.db, userId, id, changes))) throw harvestNotFound();
    return this.get(userId, id);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await deleteHarvest(this.db, userId, id))) throw harvestNotFound();
  }

  async exists(userId: string, id: string): Promise<boolean> {
    return (await findHarvest(this.db, userId, id)) !== undefined;
  }

  async photo(userId: string, id: string): Promise<ImageRow> {
    const image = await harvestImage(this.db, userId, id);
    if (image) return image;
    throw (await this.exists(userId, id)) ? notFound("That harvest's photo") : harvestNotFound();
  }

  async setPhoto(userId: string, id: string, photo: StoredPhoto): Promise<Harvest> {
    const nowIso = new Date().toISOString();
    const row = imageRow(randomUUID(), userId, photo, nowIso);
    if (!(await replaceHarvestImage(this.db, userId, id, row, nowIso))) throw harvestNotFound();
    return this.get(userId, id);
  }

  async removePhoto(userId: string, id: string): Promise<void> {
    const nowIso = new Date().toISOString();
    if (!(await replaceHarvestImage(this.db, userId, id, null, nowIso))) throw harvestNotFound();
  }

  private async latitudeOf(userId: string): Promise<number | null> {
    const place = await storedLocation(this.db, userId);
    return place?.place_lat === null || place?.place_lat === undefined
      ? null
      : Number(place.place_lat);
  }
}
