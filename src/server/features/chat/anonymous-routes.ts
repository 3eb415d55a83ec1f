import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  type AnonymousChatRequest,
  anonymousChatRequestSchema,
  assistantEngines,
  messageSourceSchema,
} from "../../../core/schemas/chat";
import { errorBodySchema } from "../../../core/schemas/error";
import { todayFor } from "../../lib/today";
import type { Assistant, GardenerContext } from "../../providers/ai/assistant";
import { streamReply, wantsEventStream } from "./event-stream";
import { greeting } from "./greeting";

const anonymousReplySchema = z.object({
  reply: z.string(),
  engine: z.enum(assistantEngines),
  sources: z.array(messageSourceSchema),
});

function visitorContext(body: AnonymousChatRequest, today: string): GardenerContext {
  return {
    today,
    displayName: null,
    experience: null,
    units: "C",
    zip: body.context?.zip ?? null,
    zone: body.context?.zone ?? null,
    zoneTitle: body.context?.zoneTitle ?? null,
    tempRange: body.context?.tempRange ?? null,
    location: null,
    plants: [],
    focusPlant: null,
    overdue: [],
    dueToday: [],
    upcoming: [],
    weather: null,
  };
}

/**
 * Signed-out chat (the spec's local chats): answered by the built-in engine only, so anonymous
 * traffic never spends the operator's LLM budget, and limited per client address per hour. Nothing
 * is stored on the server; the browser keeps the chat.
 */
export function anonymousChatRoutes(builtIn: Assistant, perHour: number): FastifyPluginAsyncZod {
  return async (app) => {
    if (perHour === 0) return;
    app.post(
      "/api/gardening/chat/anonymous",
      {
        config: { rateLimit: { max: perHour, timeWindow: 60 * 60 * 1000 } },
        schema: {
          tags: ["chat"],
          summary: "Ask the built-in assistant without signing in (rate-limited per address)",
          body: anonymousChatRequestSchema,
          response: { 200: anonymousReplySchema, 400: errorBodySchema, 429: errorBodySchema },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const hello = greeting(body.userName);
        const answer = async (onDelta?: (text: string) => void) => {
          onDelta?.(hello);
          const result = await builtIn.chat({
            message: body.message,
            history: [],
            context: visitorContext(body, todayFor(request)),
            actions: null,
            onDelta,
          });
          return { reply: hello + result.text, engine: result.engine, sources: result.sources };
        };
        if (!wantsEventStream(request)) return answer();
        await streamReply(request, reply, (send) => answer((text) => send("delta", { text })));
        return reply;
      },
    );
  };
}
