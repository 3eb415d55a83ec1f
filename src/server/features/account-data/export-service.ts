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
import { toMessage } from "../chat/repository";
import { toMilestone, toPlant, toTask } from "../garden/rows";
import {
  chatsOf,
  identificationsOf,
  messagesOf,
  milestonesOf,
  plantPhotosOf,
  plantsOf,
  tasksOf,
  tasksWithPlantNames,
  workflowItemsOf,
  workflowsOf,
} from "./repository";

const storedIdentification = exportIdentificationSchema.omit({ id: true, createdAt: true });

/** Everything of one gardener as JSON (API.md "export"), and plants and tasks as CSV. */
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
      plants,
      photos,
      tasks,
      milestones,
      chats,
      messages,
      workflows,
      items,
      identifications,
    ] = await Promise.all([
      this.profile(userId),
      plantsOf(db, userId),
      plantPhotosOf(db, userId),
      tasksOf(db, userId),
      milestonesOf(db, userId),
      chatsOf(db, userId),
      messagesOf(db, userId),
      workflowsOf(db, userId),
      workflowItemsOf(db, userId),
      identificationsOf(db, userId),
    ]);
    const photoById = new Map(photos.map((photo) => [photo.id, photo]));
    const messagesByChat = groupBy(messages, (m) => m.chat_id);
    const itemsByWorkflow = groupBy(items, (i) => i.workflow_id);
    return {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: now.toISOString(),
      profile,
      plants: plants.map((row) => {
        const { imageUrl: _photo, currentStage: _stage, ...plant } = toPlant(row, today);
        const photo = row.image_id ? photoById.get(row.image_id) : undefined;
        return {
          ...plant,
          photo: photo
            ? {
                mimeType: "image/webp" as const,
                width: photo.width,
                height: photo.height,
                data: Buffer.from(photo.bytes).toString("base64"),
              }
            : null,
        };
      }),
      tasks: tasks.map(toTask),
      milestones: milestones.map(toMilestone),
      chats: chats.map((chat) => ({
        id: chat.id,
        title: chat.title,
        plantId: chat.plant_context_id,
        createdAt: chat.created_at,
        updatedAt: chat.updated_at,
        messages: (messagesByChat.get(chat.id) ?? []).map((row) => {
          const { chatId: _chat, ...message } = toMessage(row);
          return message;
        }),
      })),
      workflows: workflows.map((workflow) => ({
        id: workflow.id,
        name: workflow.name,
        template: workflow.template,
        createdAt: workflow.created_at,
        items: (itemsByWorkflow.get(workflow.id) ?? []).map((item) => ({
          id: item.id,
          title: item.title,
          detail: item.detail,
          done: Number(item.done) === 1,
        })),
      })),
      identifications: identifications.flatMap((row) => {
        const stored = storedIdentification.safeParse(parseJson(row.result));
        return stored.success ? [{ id: row.id, createdAt: row.created_at, ...stored.data }] : [];
      }),
    };
  }

  async plantsCsv(userId: string): Promise<string> {
    const rows = await plantsOf(this.db, userId);
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
        p.scientific_name,
        p.common_name,
        p.crop_slug,
        p.source,
        p.medium,
        p.place,
        p.lighting,
        p.start_method,
        p.planting_date,
        p.stage,
        p.status,
        p.location_place,
        p.notes,
        p.created_at,
        p.updated_at,
      ]),
    );
  }

  async tasksCsv(userId: string): Promise<string> {
    const rows = await tasksWithPlantNames(this.db, userId);
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
        t.plant_name,
        t.plant_id,
        t.type,
        t.due_date,
        t.status,
        Number(t.priority),
        t.repeat_every_days === null ? null : Number(t.repeat_every_days),
        t.notes,
        t.created_at,
        t.completed_at,
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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
