import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import {
  CHAT_TITLE_LIMIT,
  type Chat,
  type ChatCreate,
  type ChatReply,
  type ChatRequest,
  DEFAULT_CHAT_TITLE,
  type Message,
  UNAVAILABLE_SERVICE_TEXT,
} from "../../../core/schemas/chat";
import type { SessionUser } from "../../auth/session";
import type { DatabaseHandle } from "../../db/connection";
import { lockForUser } from "../../db/user-lock";
import { AppError, notFound } from "../../errors";
import type {
  Assistant,
  AssistantActions,
  ChatTurn,
  PlantingNow,
} from "../../providers/ai/assistant";
import type { Catalogue } from "../catalogue/catalogue-read-model";
import { plantExists } from "../garden/read-model";
import type { TaskService } from "../garden/tasks-service";
import { addUnstoredMessage, quotaFor } from "../quota/service";
import { loadGardenerContext } from "./gardener-context";
import { greeting } from "./greeting";
import { quotaExceeded } from "./quota-guard";
import * as repo from "./repository";

/** How many earlier turns a reply may look back on. */
const HISTORY_TURNS = 10;

export interface SendOptions {
  today: string;
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
}

/** A chat change, for the live-changes bus (API.md "Live changes": chat.updated). */
export interface ChatChange {
  userId: string;
  type: "chat.updated";
  id: string;
}

/**
 * Chats and their messages. Each change (a chat made, renamed or deleted, a reply stored) is
 * published as chat.updated, so the gardener's other tabs and devices refresh their history.
 */
/** What to Plant Now at the gardener's place by its calendar, or null when no climate is known. */
export type PlantingNowLookup = (userId: string, today: string) => Promise<PlantingNow | null>;

export class ChatService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly assistant: Assistant,
    private readonly tasks: TaskService,
    private readonly catalogue: Catalogue,
    private readonly log: Logger,
    private readonly publish: (change: ChatChange) => void = () => {},
    private readonly plantingNow: PlantingNowLookup = async () => null,
  ) {}

  private changed(userId: string, id: string) {
    this.publish({ userId, type: "chat.updated", id });
  }

  private get db() {
    return this.database.db;
  }

  async list(userId: string): Promise<Chat[]> {
    return (await repo.listChats(this.db, userId)).map(repo.toChat);
  }

  async create(userId: string, input: ChatCreate): Promise<Chat> {
    if (input.plantId) await this.ownPlant(userId, input.plantId);
    const now = new Date().toISOString();
    const row = {
      id: randomUUID(),
      user_id: userId,
      title: input.title ?? DEFAULT_CHAT_TITLE,
      plant_context_id: input.plantId ?? null,
      created_at: now,
      updated_at: now,
    };
    await repo.insertChat(this.db, row);
    this.changed(userId, row.id);
    return repo.toChat(row);
  }

  async rename(userId: string, id: string, title: string): Promise<Chat> {
    const result = await repo.updateChat(this.db, userId, id, {
      title,
      updated_at: new Date().toISOString(),
    });
    if (Number(result.numUpdatedRows) === 0) throw notFound("That chat");
    this.changed(userId, id);
    return repo.toChat(await this.ownChat(userId, id));
  }

  async remove(userId: string, id: string): Promise<void> {
    const result = await repo.deleteChat(this.db, userId, id);
    if (Number(result.numDeletedRows) === 0) throw notFound("That chat");
    this.changed(userId, id);
  }

  /** Oldest first; "service unavailable" replies are purged on the way (spec §8). */
  async messages(userId: string, id: string): Promise<Message[]> {
    await this.ownChat(userId, id);
    const purged = await repo.purgeUnavailableMessages(this.db, id);
    if (purged > 0) this.log.info({ chatId: id, purged }, "purged unavailable-service messages");
    return (await repo.listMessages(this.db, id)).map(repo.toMessage);
  }

  /**
   * One turn: counts the message against the plan (atomically, 429 past the limit with nothing
   * stored), stores it when a chat is given, asks the assistant with what the server knows of
   * the gardener, stores the reply. If the reply fails, the message is taken back.
   */
  async send(user: SessionUser, body: ChatRequest, options: SendOptions): Promise<ChatReply> {
    const chat = body.chatId ? await this.ownChat(user.id, body.chatId) : null;
    const plantId = body.plantId ?? chat?.plant_context_id ?? null;
    if (body.plantId) await this.ownPlant(user.id, body.plantId);

    const userMessage = await this.admit(user.id, body.message, chat);
    let reply: Awaited<ReturnType<Assistant["chat"]>>;
    let hello: string;
    try {
      const [garden, plantingNow] = await Promise.all([
        loadGardenerContext(this.db, this.catalogue, user.id, options.today, plantId),
        this.plantingNow(user.id, options.today),
      ]);
      const context = { ...garden, plantingNow };
      const history: ChatTurn[] = chat
        ? (await repo.recentMessages(this.db, chat.id, HISTORY_TURNS + 1))
            .filter(
              (turn) =>
                turn.id !== userMessage?.id && !turn.content.includes(UNAVAILABLE_SERVICE_TEXT),
            )
            .map((turn) => ({
              role: turn.role === "assistant" ? "assistant" : "user",
              content: turn.content,
            }))
        : [];
      // Issue 22: the spec's greeting opens a chat, not every reply in it.
      const answeredBefore = history.some((turn) => turn.role === "assistant");
      hello = answeredBefore ? "" : greeting(context.displayName, body.userName, user.name);
      if (hello) options.onDelta?.(hello);
      reply = await this.assistant.chat({
        message: body.message,
        history: history.slice(-HISTORY_TURNS),
        context,
        actions: this.actionsFor(user.id, options.today),
        onDelta: options.onDelta,
        signal: options.signal,
      });
    } catch (err) {
      await this.takeBack(user.id, userMessage, options.today);
      if (err instanceof AppError) throw err;
      this.log.error({ err }, "the assistant failed to reply");
      throw new AppError(
        502,
        "upstream_unavailable",
        "The assistant could not answer just now. Try again in a moment.",
      );
    }

    const text = hello + reply.text;
    let message: Message | null = null;
    if (chat) {
      const row = {
        id: randomUUID(),
        chat_id: chat.id,
        user_id: user.id,
        role: "assistant",
        content: text,
        created_at: laterThan(userMessage?.created_at),
        sources: JSON.stringify(reply.sources),
        actions: JSON.stringify(reply.actions),
        engine: reply.engine,
      };
      await repo.insertMessage(this.db, row);
      await repo.updateChat(this.db, user.id, chat.id, { updated_at: row.created_at });
      message = repo.toMessage(row);
      this.changed(user.id, chat.id);
    }
    return {
      reply: text,
      chatId: chat?.id ?? null,
      message,
      engine: reply.engine,
      quota: await quotaFor(this.db, user.id),
      sources: reply.sources,
      actions: reply.actions,
    };
  }

  /** Checks the quota and records the message under the user's quota lock. */
  private async admit(userId: string, content: string, chat: { id: string; title: string } | null) {
    return this.db.transaction().execute(async (trx) => {
      // Two messages sent at once cannot both see the last free slot.
      await lockForUser(trx, this.database.dialect, "quota", userId);
      const quota = await quotaFor(trx, userId);
      if (quota.usedToday >= quota.dailyLimit) throw quotaExceeded(quota);
      const now = new Date().toISOString();
      if (!chat) {
        await addUnstoredMessage(trx, userId, now.slice(0, 10));
        return null;
      }
      const row = {
        id: randomUUID(),
        chat_id: chat.id,
        user_id: userId,
        role: "user",
        content,
        created_at: now,
        sources: "[]",
        actions: "[]",
        engine: null,
      };
      const first =
        chat.title === DEFAULT_CHAT_TITLE && (await repo.countMessages(trx, chat.id)) === 0;
      await repo.insertMessage(trx, row);
      await repo.updateChat(trx, userId, chat.id, {
        updated_at: now,
        ...(first ? { title: titleFrom(content) } : {}),
      });
      return row;
    });
  }

  private async takeBack(userId: string, message: { id: string } | null, today: string) {
    try {
      if (message) await repo.deleteMessage(this.db, message.id);
      else await addUnstoredMessage(this.db, userId, new Date().toISOString().slice(0, 10), -1);
    } catch (err) {
      this.log.error({ err, today }, "could not take back a message whose reply failed");
    }
  }

  private actionsFor(userId: string, today: string): AssistantActions {
    return {
      addTask: async (task) => {
        const created = await this.tasks.create(
          userId,
          {
            title: task.title,
            dueDate: task.dueDate,
            plantId: task.plantId,
            repeatEveryDays: task.repeatEveryDays ?? null,
          },
          today,
        );
        return {
          kind: "task.created",
          id: created.id,
          title: created.title,
          plantId: created.plantId,
          dueDate: created.dueDate,
        };
      },
    };
  }

  private async ownChat(userId: string, id: string) {
    const chat = await repo.findChat(this.db, userId, id);
    if (!chat) throw notFound("That chat");
    return chat;
  }

  private async ownPlant(userId: string, id: string) {
    if (!(await plantExists(this.db, userId, id))) throw notFound("That plant");
  }
}

/** Spec §4: a new chat takes the first 60 characters of its first message. */
export function titleFrom(message: string): string {
  const line = message.replace(/\s+/g, " ").trim();
  return Array.from(line).slice(0, CHAT_TITLE_LIMIT).join("").trim() || DEFAULT_CHAT_TITLE;
}

/** An instant after `previous`, so a reply always sorts after its question. */
function laterThan(previous: string | undefined): string {
  const now = Date.now();
  const after = previous ? Date.parse(previous) + 1 : 0;
  return new Date(Math.max(now, after)).toISOString();
}
