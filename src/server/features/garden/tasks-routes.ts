import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorBodySchema } from "../../../core/schemas/error";
import { taskSnoozeSchema } from "../../../core/schemas/reminders";
import {
  idParamsSchema,
  taskCompletionSchema,
  taskCreateSchema,
  taskListQuerySchema,
  taskListSchema,
  taskPatchSchema,
  taskReopeningSchema,
  taskSchema,
} from "../../../core/schemas/task";
import { currentUser } from "../../auth/session";
import { sendCachedJson } from "../../lib/cached-json";
import { todayFor } from "../../lib/today";
import type { Shows, UserResponseCache } from "../../lib/user-response-cache";
import { plantScope, TASKS_SCOPE, taskListKey } from "./changes";
import type { TaskPage, TaskService } from "./tasks-service";

/**
 * The due dates a page of tasks shows: up to its last task's, or every one when it is the last
 * page. A change to a task due later leaves the page as it is.
 */
function taskPageShows(page: TaskPage): Shows {
  const last = page.tasks[page.tasks.length - 1];
  if (!page.nextCursor || !last) return () => true;
  const lastKey = taskListKey(last.dueDate);
  return (key) => key <= lastKey;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

export function taskRoutes(tasks: TaskService, reads: UserResponseCache): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/tasks",
      {
        schema: {
          tags: ["tasks"],
          summary: "Tasks by due date (none last), filtered by status and plant",
          querystring: taskListQuerySchema,
          response: { 200: taskListSchema, ...errors },
        },
      },
      // Not async: a cached page is sent with no promise at all (sendCachedJson).
      (request, reply) => {
        const userId = currentUser(request).id;
        const { plantId } = request.query;
        const scope = plantId ? plantScope(plantId) : TASKS_SCOPE;
        return sendCachedJson(
          request,
          reply,
          reads,
          { userId, scope, key: request.url, showsOf: taskPageShows },
          () => tasks.list(userId, request.query),
        );
      },
    );

    app.post(
      "/api/tasks",
      {
        // The offline outbox replays queued tasks: a repeat must not add the task twice.
        config: { idempotentCreate: true },
        schema: {
          tags: ["tasks"],
          summary: "Add a task (priority 2 and type custom unless given)",
          body: taskCreateSchema,
          response: { 201: taskSchema, ...errors },
        },
      },
      async (request, reply) => {
        const task = await tasks.create(currentUser(request).id, request.body, todayFor(request));
        return reply.status(201).send(task);
      },
    );

    app.post(
      "/api/tasks/:id/complete",
      {
        schema: {
          tags: ["tasks"],
          summary: "Complete a task; a repeating one schedules its next occurrence",
          params: idParamsSchema,
          response: { 200: taskCompletionSchema, ...errors },
        },
      },
      async (request) =>
        tasks.complete(currentUser(request).id, request.params.id, todayFor(request)),
    );

    app.post(
      "/api/tasks/:id/reopen",
      {
        schema: {
          tags: ["tasks"],
          summary:
            "Undo a completion: the task is pending again and the repeat it scheduled, still pending, is removed",
          params: idParamsSchema,
          response: { 200: taskReopeningSchema, ...errors },
        },
      },
      async (request) =>
        tasks.reopen(currentUser(request).id, request.params.id, todayFor(request)),
    );

    app.post(
      "/api/tasks/:id/snooze",
      {
        schema: {
          tags: ["tasks"],
          summary:
            "Put a pending task off: due `days` (default 1) after the later of today and its due date",
          params: idParamsSchema,
          body: taskSnoozeSchema,
          response: { 200: taskSchema, ...errors },
        },
      },
      async (request) =>
        tasks.snooze(
          currentUser(request).id,
          request.params.id,
          request.body.days,
          todayFor(request),
        ),
    );

    app.patch(
      "/api/tasks/:id",
      {
        schema: {
          tags: ["tasks"],
          summary:
            "Edit a task; status completed completes it like /complete, pending reopens it like /reopen",
          params: idParamsSchema,
          body: taskPatchSchema,
          response: { 200: taskSchema, ...errors },
        },
      },
      async (request) =>
        tasks.update(currentUser(request).id, request.params.id, request.body, todayFor(request)),
    );

    app.delete(
      "/api/tasks/:id",
      {
        schema: {
          tags: ["tasks"],
          summary: "Delete a task",
          params: idParamsSchema,
          response: { 204: z.null().describe("Deleted"), ...errors },
        },
      },
      async (request, reply) => {
        await tasks.remove(currentUser(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
