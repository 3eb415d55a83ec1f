import { randomUUID } from "node:crypto";
import type { Kysely, Updateable } from "kysely";
import { companionMessage, poorCompanionPairs } from "../../../../core/garden/areas/companions";
import { moreThatFit } from "../../../../core/garden/areas/fit";
import {
  type Planting,
  rotationClashes,
  rotationMessage,
} from "../../../../core/garden/areas/rotation";
import {
  type Area,
  type AreaCheck,
  type AreaCreate,
  type AreaDetail,
  type AreaFit,
  type AreaPatch,
  type AreaWarning,
  areaKindValues,
  areaSunValues,
  MAX_AREAS,
  sizeInSquareMetres,
  storedSquareMetres,
} from "../../../../core/schemas/area";
import type { Crop } from "../../../../core/schemas/crop";
import { type Hemisphere, hemisphereOf } from "../../../../core/weather/season";
import type { Dialect } from "../../../db/connection";
import type { AreaTable, Database } from "../../../db/schema";
import { AppError, badRequest, notFound } from "../../../errors";
import type { Catalogue } from "../../catalogue/catalogue-read-model";
import { placeOf, profileRow } from "../../profile/read-model";
import { type PublishChange, publishNothing } from "../changes";
import { plantPhotoUrl } from "../rows";
import {
  type AreaRow,
  deleteArea,
  findArea,
  insertAreaWithin,
  listAreas,
  pastPlantings,
  plantsInArea,
  updateArea,
} from "./repository";

const areaNotFound = () => notFound("That area");

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

export function toArea(row: AreaRow): Area {
  return {
    id: row.id,
    name: row.name,
    kind: oneOf(areaKindValues, row.kind, "in-ground"),
    sizeM2: row.size_m2 === null ? null : Number(row.size_m2),
    sun: oneOf(areaSunValues, row.sun, "full-sun"),
    covered: Number(row.covered) === 1,
    notes: row.notes,
    plantCount: row.plant_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The size as kept (areaSizeSchema checked it is one Tendril keeps). */
const storedSize = (size: AreaCreate["size"]) =>
  size === null ? null : storedSquareMetres(sizeInSquareMetres(size));

/** What an area holds, as the rules read it. */
interface AreaContents {
  area: AreaRow;
  plants: Awaited<ReturnType<typeof plantsInArea>>;
  /** Every planting there, now and before: the current plants, then those that left. */
  history: (Planting & { plantId: string })[];
  hemisphere: Hemisphere;
}

/** Beds and areas (issue 26): CRUD, and what fits and what clashes in one. */
export class AreaService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly catalogue: Catalogue,
    private readonly publish: PublishChange = publishNothing,
  ) {}

  async list(userId: string): Promise<{ areas: Area[] }> {
    return { areas: (await listAreas(this.db, userId)).map(toArea) };
  }

  async create(userId: string, input: AreaCreate): Promise<Area> {
    const nowIso = new Date().toISOString();
    const id = randomUUID();
    const stored = await insertAreaWithin(this.db, this.dialect, MAX_AREAS, {
      id,
      user_id: userId,
      name: input.name,
      kind: input.kind,
      size_m2: storedSize(input.size),
      sun: input.sun,
      covered: input.covered ? 1 : 0,
      notes: input.notes,
      created_at: nowIso,
      updated_at: nowIso,
    });
    if (!stored) {
      throw new AppError(
        409,
        "conflict",
        `You have ${MAX_AREAS} areas, the most Tendril keeps. Delete one you no longer use first.`,
      );
    }
    return this.get(userId, id);
  }

  async get(userId: string, id: string): Promise<Area> {
    const row = await findArea(this.db, userId, id);
    if (!row) throw areaNotFound();
    return toArea(row);
  }

  async update(userId: string, id: string, patch: AreaPatch): Promise<Area> {
    const changes: Updateable<AreaTable> = { updated_at: new Date().toISOString() };
    if (patch.name !== undefined) changes.name = patch.name;
    if (patch.kind !== undefined) changes.kind = patch.kind;
    if (patch.size !== undefined) changes.size_m2 = storedSize(patch.size);
    if (patch.sun !== undefined) changes.sun = patch.sun;
    if (patch.covered !== undefined) changes.covered = patch.covered ? 1 : 0;
    if (patch.notes !== undefined) changes.notes = patch.notes;
    if (!(await updateArea(this.db, userId, id, changes))) throw areaNotFound();
    return this.get(userId, id);
  }

  /** Deletes the area; its plants stay, in no area. */
  async remove(userId: string, id: string): Promise<void> {
    const nowIso = new Date().toISOString();
    const unplaced = await deleteArea(this.db, this.dialect, userId, id, nowIso);
    if (unplaced === null) throw areaNotFound();
    for (const plantId of unplaced) this.publish({ userId, type: "plant.updated", id: plantId });
  }

  /** The area with its plants, how many more of each of its crops fit, and what clashes. */
  async detail(userId: string, id: string): Promise<AreaDetail> {
    const contents = await this.contents(userId, id);
    const { area, plants, history, hemisphere } = contents;
    const crops = plants.flatMap((p) => this.cropOf(p.crop_slug) ?? []);
    const fit = [...new Map(crops.map((c) => [c.slug, c])).values()].map((crop) =>
      this.fitOf(contents, crop),
    );
    const rotation = plants.flatMap((plant) => {
      const crop = this.cropOf(plant.crop_slug);
      if (!crop) return [];
      const others = history.filter((h) => h.plantId !== plant.id);
      return rotationWarnings(crop, plant.planting_date, others, area.name, hemisphere);
    });
    const companions = poorCompanionPairs(crops).map(([a, b]) => companionWarning(a, b, area.name));
    return {
      area: toArea(area),
      plants: plants.map((p) => ({
        id: p.id,
        name: p.name,
        cropSlug: p.crop_slug,
        plantingDate: p.planting_date,
        imageUrl: plantPhotoUrl(p.id, p.image_id),
      })),
      fit,
      warnings: uniqueWarnings([...companions, ...rotation]),
    };
  }

  /**
   * Before a crop goes in: how many more fit and what it clashes with. `plantId`, a plant being
   * moved or edited, is left out of what is there; `plantedOn` (default today) says its season.
   */
  async check(
    userId: string,
    id: string,
    query: { crop: string; plantId?: string | undefined; plantedOn?: string | undefined },
    today: string,
  ): Promise<AreaCheck> {
    const crop = this.cropOf(query.crop);
    if (!crop) {
      throw badRequest("That crop is not in the catalogue. Pick one from the list.", [
        { path: "crop", message: "Unknown crop." },
      ]);
    }
    const all = await this.contents(userId, id);
    const contents = {
      ...all,
      plants: all.plants.filter((p) => p.id !== query.plantId),
      history: all.history.filter((h) => h.plantId !== query.plantId),
    };
    const { area, plants, history, hemisphere } = contents;
    const present = plants.flatMap((p) => this.cropOf(p.crop_slug) ?? []);
    const companions = poorCompanionPairs([crop, ...present])
      .filter(([a, b]) => a.slug === crop.slug || b.slug === crop.slug)
      .map(([a, b]) => companionWarning(a, b, area.name));
    const plantedOn = query.plantedOn ?? today;
    const rotation = rotationWarnings(crop, plantedOn, history, area.name, hemisphere);
    return {
      fit: this.fitOf(contents, crop),
      warnings: uniqueWarnings([...companions, ...rotation]),
    };
  }

  private async contents(userId: string, id: string): Promise<AreaContents> {
    const area = await findArea(this.db, userId, id);
    if (!area) throw areaNotFound();
    const [plants, past, profile] = await Promise.all([
      plantsInArea(this.db, userId, id),
      pastPlantings(this.db, userId, id),
      profileRow(this.db, userId),
    ]);
    const place = profile ? placeOf(profile) : null;
    const history = [
      ...plants.map((p) => this.planting(p.id, p.name, p.crop_slug, p.planting_date)),
      ...past.map((p) => this.planting(p.plant_id, p.plant_name, p.crop_slug, p.planted_on)),
    ];
    // Without a place the northern seasons (calendar years) are the likelier guess.
    return { area, plants, history, hemisphere: hemisphereOf(place?.latitude ?? 0) };
  }

  private planting(plantId: string, name: string, cropSlug: string | null, plantedOn: string) {
    const family = this.cropOf(cropSlug)?.family ?? null;
    return { plantId, name, cropSlug, family, plantedOn };
  }

  private fitOf({ area, plants }: AreaContents, crop: Crop): AreaFit {
    const more = moreThatFit({
      areaM2: area.size_m2 === null ? null : Number(area.size_m2),
      spacingCm: crop.spacingCm,
      occupiedSpacingsCm: plants.map((p) => this.cropOf(p.crop_slug)?.spacingCm ?? null),
    });
    return { cropSlug: crop.slug, name: crop.name, spacingCm: crop.spacingCm, more };
  }

  private cropOf(slug: string | null): Crop | undefined {
    return slug ? this.catalogue.bySlug(slug) : undefined;
  }
}

function rotationWarnings(
  crop: Crop,
  plantedOn: string,
  history: readonly Planting[],
  areaName: string,
  hemisphere: Hemisphere,
): AreaWarning[] {
  const clashes = rotationClashes({ family: crop.family, plantedOn }, history, hemisphere);
  if (clashes.length === 0 || crop.family === null) return [];
  return [
    {
      kind: "rotation",
      message: rotationMessage(crop.name, crop.family, areaName, clashes),
      cropSlugs: [...new Set([crop.slug, ...clashes.flatMap((c) => c.earlier.cropSlug ?? [])])],
      family: crop.family,
      seasons: [...new Set(clashes.map((c) => c.season))],
    },
  ];
}

function companionWarning(a: Crop, b: Crop, areaName: string): AreaWarning {
  return {
    kind: "companion",
    message: companionMessage(a.name, b.name, areaName),
    cropSlugs: [a.slug, b.slug],
    family: null,
    seasons: [],
  };
}

/** Two plants of one crop give the same warning: it is shown once. */
function uniqueWarnings(warnings: AreaWarning[]): AreaWarning[] {
  return [...new Map(warnings.map((w) => [w.message, w])).values()];
}
