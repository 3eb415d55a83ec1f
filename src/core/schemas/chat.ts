import { quotaSchema } from "./app-config";
import { idSchema } from "./task";
import { whenMissing, z } from "./z";

/** Spec §9 "Chat title limit". */
export const CHAT_TITLE_LIMIT = 60;
/** API.md conventions: a chat message is at most 4,000 characters. */
export const CHAT_MESSAGE_LIMIT = 4000;
export const DEFAULT_CHAT_TITLE = "Untitled chat";
/** Spec §8: stored assistant messages with this text are filtered out and purged. */
export const UNAVAILABLE_SERVICE_TEXT = "Chat service is temporarily unavailable";

export const assistantEngines = ["built-in", "llm"] as const;
export type AssistantEngine = (typeof assistantEngines)[number];

/** API.md `Chat`. */
export const chatSchema = z.object({
  id: z.string(),
  title: z.string(),
  plantId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Chat = z.infer<typeof chatSchema>;

export const messageSourceSchema = z.object({ title: z.string(), ref: z.string() });
export type MessageSource = z.infer<typeof messageSourceSchema>;

export const messageActionSchema = z.object({
  kind: z.literal("task.created"),
  id: z.string(),
  title: z.string(),
  /** Not in API.md's minimum: the plant the task belongs to, so the web can link to it. */
  plantId: z.string().nullable(),
  dueDate: z.string().nullable(),
});
export type MessageAction = z.infer<typeof messageActionSchema>;

/** API.md `Message`. */
export const messageSchema = z.object({
  id: z.string(),
  chatId: z.string(),
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  createdAt: z.string(),
  sources: z.array(messageSourceSchema),
  actions: z.array(messageActionSchema),
  /** Which engine wrote an assistant message; null for the gardener's own. */
  engine: z.enum(assistantEngines).nullable(),
});
export type Message = z.infer<typeof messageSchema>;

export const chatListSchema = z.object({ chats: z.array(chatSchema) });
export const messageListSchema = z.object({ messages: z.array(messageSchema) });

const chatTitleSchema = z
  .string({ error: "The chat title must be text." })
  .trim()
  .min(1, "Give the chat a title.")
  .max(CHAT_TITLE_LIMIT, `Keep the chat title to ${CHAT_TITLE_LIMIT} characters or fewer.`);

export const chatCreateSchema = z.strictObject({
  title: chatTitleSchema.optional(),
  plantId: idSchema.nullable().optional(),
});
export type ChatCreate = z.infer<typeof chatCreateSchema>;

export const chatPatchSchema = z.strictObject({ title: chatTitleSchema });
export type ChatPatch = z.infer<typeof chatPatchSchema>;

const shortText = z.string().max(200, "Keep this to 200 characters or fewer.");

/**
 * POST /api/gardening/chat: the spec's body (§7) plus chatId and plantId. What the browser sends
 * about place and weather is a hint; for a signed-in gardener the server's own records come first.
 */
export const chatRequestSchema = z.object({
  message: z
    .string({ error: whenMissing("Type a message first.") })
    .trim()
    .min(1, "Type a message first.")
    .max(
      CHAT_MESSAGE_LIMIT,
      `Keep a message to ${CHAT_MESSAGE_LIMIT.toLocaleString("en-US")} characters or fewer.`,
    ),
  chatId: idSchema.nullable().optional(),
  plantId: idSchema.nullable().optional(),
  location: shortText.nullable().optional(),
  userName: z.string().max(100, "Keep the name to 100 characters or fewer.").nullable().optional(),
  plantContext: z.unknown().optional(),
  weatherData: z.unknown().optional(),
  context: z
    .object({
      zip: shortText.nullable().optional(),
      zone: shortText.nullable().optional(),
      zoneTitle: shortText.nullable().optional(),
      tempRange: shortText.nullable().optional(),
    })
    .nullable()
    .optional(),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

export const chatReplySchema = z.object({
  reply: z.string(),
  chatId: z.string().nullable(),
  message: messageSchema.nullable(),
  engine: z.enum(assistantEngines),
  quota: quotaSchema,
  sources: z.array(messageSourceSchema),
  actions: z.array(messageActionSchema),
});
export type ChatReply = z.infer<typeof chatReplySchema>;

/** A signed-out visitor's chat (spec §3 "Local chat"): kept in the browser only. */
export const anonymousChatRequestSchema = z.strictObject({
  message: chatRequestSchema.shape.message,
  context: chatRequestSchema.shape.context,
  userName: chatRequestSchema.shape.userName,
});
export type AnonymousChatRequest = z.infer<typeof anonymousChatRequestSchema>;
