import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  chatCreateSchema,
  chatListSchema,
  chatPatchSchema,
  chatReplySchema,
  chatRequestSchema,
  chatSchema,
  messageListSchema,
} from "../../../core/schemas/chat";
import { errorBodySchema } from "../../../core/schemas/error";
import { idParamsSchema } from "../../../core/schemas/task";
import { currentUser } from "../../auth/session";
import { todayFor } from "../../lib/today";
import { streamReply, wantsEventStream } from "./event-stream";
import type { ChatService } from "./service";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

export function chatRoutes(chats: ChatService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/chats",
      {
        schema: {
          tags: ["chat"],
          summary: "The gardener's chats, newest updatedAt first",
          response: { 200: chatListSchema, ...errors },
        },
      },
      async (request) => ({ chats: await chats.list(currentUser(request).id) }),
    );

    app.post(
      "/api/chats",
      {
        schema: {
          tags: ["chat"],
          summary: 'Start a chat ("Untitled chat" unless titled), optionally about a plant',
          body: chatCreateSchema,
          response: { 201: chatSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await chats.create(currentUser(request).id, request.body)),
    );

    app.patch(
      "/api/chats/:id",
      {
        schema: {
          tags: ["chat"],
          summary: "Rename a chat (1–60 characters)",
          params: idParamsSchema,
          body: chatPatchSchema,
          response: { 200: chatSchema, ...errors },
        },
      },
      async (request) =>
        chats.rename(currentUser(request).id, request.params.id, request.body.title),
    );

    app.delete(
      "/api/chats/:id",
      {
        schema: {
          tags: ["chat"],
          summary: "Delete a chat and its messages",
          params: idParamsSchema,
          response: { 204: z.null().describe("Deleted"), ...errors },
        },
      },
      async (request, reply) => {
        await chats.remove(currentUser(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      "/api/chats/:id/messages",
      {
        schema: {
          tags: ["chat"],
          summary: "A chat's messages, oldest first",
          params: idParamsSchema,
          response: { 200: messageListSchema, ...errors },
        },
      },
      async (request) => ({
        messages: await chats.messages(currentUser(request).id, request.params.id),
      }),
    );

    app.post(
      "/api/gardening/chat",
      {
        schema: {
          tags: ["chat"],
          summary:
            "Ask the assistant. JSON by default; Accept: text/event-stream streams `delta` events then `done`",
          body: chatRequestSchema,
          response: { 200: chatReplySchema, 429: errorBodySchema, 502: errorBodySchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const today = todayFor(request);
        if (!wantsEventStream(request)) return chats.send(user, request.body, { today });
        await streamReply(request, reply, (send, signal) =>
          chats.send(user, request.body, {
            today,
            signal,
            onDelta: (text) => send("delta", { text }),
          }),
        );
        return reply;
      },
    );
  };
}
