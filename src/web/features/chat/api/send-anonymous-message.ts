import type { z } from "zod";
import { type AnonymousChatRequest, chatReplySchema } from "../../../../core/schemas/chat";
import { ChatStreamError, postChatStream, type StreamHandlers } from "./stream";

const replySchema = chatReplySchema
  .pick({ reply: true, engine: true, sources: true })
  .partial()
  .required({ reply: true });
export type AnonymousReply = z.infer<typeof replySchema>;

/**
 * POST /api/gardening/chat/anonymous: a signed-out visitor's message (nothing is stored on the
 * server; the chat lives in this browser). Rate-limited per address.
 */
export async function sendAnonymousMessage(
  body: AnonymousChatRequest,
  handlers: StreamHandlers,
): Promise<AnonymousReply> {
  const result = replySchema.safeParse(
    await postChatStream("/api/gardening/chat/anonymous", body, handlers),
  );
  if (!result.success) throw new ChatStreamError("bad_reply", "The reply arrived garbled.");
  return result.data;
}
