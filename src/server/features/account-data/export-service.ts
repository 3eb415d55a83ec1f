import { stringify } from "csv-stringify/sync";
import type { Kysely } from "kysely";
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportFile,
  exportIdentificationSchema,
} from "../../../core/schemas/data-export";
import type { Me } from "../../../core/schemas/me";
import type { Database } from "../../db/schema";
import { chatsForExport } from "../chat/account-data-service";
import {
  areaPlantingsForExport,
  areasForExport,
  harvestsForCsv,
  harvestsForExport,
  journalForExport,
  milestonesForExport,
  plantsForCsv,
  plantsForExport,
  tasksForCsv,
  tasksForExport,
} from "../garden/account-data-service";
import { identificationsForExport } from "../identification/account-data-service";
import { photosForExport } from "../photos/account-data-service";
import { ownFrostDates } from "../profile/read-model";
import { workflowsForExport } from "../workflows/account-data-service";

const storedIdentification = exportIdentificationSchema.omit({ id: true, createdAt: true });

/** Everything of one gardener as JSON (API.md "export"), and plants, tasks and harvests as CSV. */
export class ExportService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly profile: (userId: string) => Promise<Me>,
  ) {}

  async exportFile(userId: string, now = new Date()): Promise<ExportFile> {
    const { db } = this;
    const today = now.toISOString().slice(0, 10);
    const [
      profile,
      frostDates,
      plants,
      tasks,
      milestones,
      chats,
      workflows,
      identifications,
      areas,
      areaPlantings,
      harvests,
      journal,
    ] = await Promise.all([
      this.profile(userId),
      ownFrostDates(db, userId),
      plantsForExport(db, userId, today),
      tasksForExport(db, userId),
      milestonesForExport(db, userId),
      chatsForExport(db, userId),
      workflowsForExport(db, userId),
      identificationsForExport(db, userId),
      areasForExport(db, userId),
      areaPlantingsForExport(db, userId),
      harvestsForExport(db, userId),
      journalForExport(db, userId),
    ]);
    const photos = await photosForExport(db, userId, [
      ...[...plants, ...harvests].flatMap((p) => (p.imageId ? [p.imageId] : [])),
      ...journal.flatMap((j) => j.imageIds),
    ]);
    const photoOf = (imageId: string | null) => {
      const photo = imageId ? photos.get(imageId) : undefined;
      return photo
        ? {
            mimeType: "image/webp" as const,
            width: photo.width,
            height: photo.height,
            data: Buffer.from(photo.bytes).toString("base64"),
          }
        : null;
    };
    const messagesByChat = groupBy(chats.messages, (m) => m.chatId);
    return {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: now.toISOString(),
      profile: { ...profile, frostDates },
      plants: plants.map(({ plant, imageId }) => ({ ...plant, photo: photoOf(imageId) })),
      tasks,
      milestones,
      chats: chats.chats.map((chat) => ({
        ...chat,
        messages: (messagesByChat.get(chat.id) ?? []).map(
          ({ chatId: _chat, ...message }) => message,
        ),
      })),
      workflows,
      identifications: identifications.flatMap(({ id, createdAt, result }) => {
        const stored = storedIdentification.safeParse(result);
        return stored.success ? [{ id, createdAt, ...stored.data }] : [];
      }),
      areas,
      areaPlantings,
      harvests: harvests.map(({ harvest, imageId }) => ({ ...harvest, photo: photoOf(imageId) })),
      journal: journal.map(({ entry, imageIds }) => ({
        ...entry,
        photos: imageIds.flatMap((imageId) => {
          const photo = photoOf(imageId);
          return photo ? [photo] : [];
        }),
      })),
    };
  }

  async plantsCsv(userId: string): Promise<string> {
    const rows = await plantsForCsv(this.db, userId);
    return csv(
      [
        "id",
        "name",
        "scientificName",
        "commonName",
        "cropSlug",
        "source",
        "medium",
        "place",
        "lights",
        "startMethod",
        "plantingDate",
        "stage",
        "status",
        "location",
        "notes",
        "createdAt",
        "updatedAt",
      ],
      rows.map((p) => [
        p.id,
        p.name,
        p.scientificName,
        p.commonName,
        p.cropSlug,
        p.source,
        p.medium,
        p.place,
        p.lights,
        p.startMethod,
        p.plantingDate,
        p.stage,
        p.status,
        p.location,
        p.notes,
        p.createdAt,
        p.updatedAt,
      ]),
    );
  }

  async tasksCsv(userId: string): Promise<string> {
    const rows = await tasksForCsv(this.db, userId);
    return csv(
      [
        "id",
        "title",
        "plant",
        "plantId",
        "type",
        "dueDate",
        "status",
        "priority",
        "repeatEveryDays",
        "notes",
        "createdAt",
        "completedAt",
      ],
      rows.map((t) => [
        t.id,
        t.title,
        t.plant,
        t.plantId,
        t.type,
        t.dueDate,
        t.status,
        t.priority,
        t.repeatEveryDays,
        t.notes,
        t.createdAt,
        t.completedAt,
      ]),
    );
  }

  async harvestsCsv(userId: string): Promise<string> {
    const rows = await harvestsForCsv(this.db, userId);
    return csv(
      [
        "id",
        "date",
        "crop",
        "cropSlug",
        "plant",
        "plantId",
        "area",
        "areaId",
        "weightG",
        "count",
        "note",
        "createdAt",
        "updatedAt",
      ],
      rows.map((h) => [
        h.id,
        h.date,
        h.cropName,
        h.cropSlug,
        h.plantName,
        h.plantId,
        h.areaName,
        h.areaId,
        h.weightG,
        h.count,
        h.note,
        h.createdAt,
        h.updatedAt,
      ]),
    );
  }
}

/**
 * RFC 4180 CSV with a header row. A cell starting with = + - @ is written with a leading
 * apostrophe, so a spreadsheet shows a title like "=SUM(…)" rather than running it.
 */
function csv(header: string[], rows: (string | number | null)[][]): string {
  return stringify([header, ...rows], {
    record_delimiter: "windows",
    escape_formulas: true,
    cast: { number: (value) => String(value) },
  });
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
