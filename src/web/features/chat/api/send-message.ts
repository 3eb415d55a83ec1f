import { type ChatReply, type ChatRequest, chatReplySchema } from "../../../../core/schemas/chat";
import { ChatStreamError, postChatStream, type StreamHandlers } from "./stream";

/** Every field but the reply may be missing from an older server; the page copes without. */
const replySchema = chatReplySchema.partial().required({ reply: true });
export type SignedInReply = Partial<ChatReply> & { reply: string };

/**
 * POST /api/gardening/chat as a signed-in gardener, the reply streamed piece by piece. With
 * chatId both messages are stored in that chat; without it nothing is stored.
 */
export async function sendChatMessage(
  body: ChatRequest,
  handlers: StreamHandlers,
): Promise<SignedInReply> {
  const result = replySchema.safeParse(await postChatStream("/api/gardening/chat", body, handlers));
  if (!result.success) throw new ChatStreamError("bad_reply", "The reply arrived garbled.");
  return result.data;
}
