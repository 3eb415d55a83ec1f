import { describe, expect, it } from "vitest";
import { z } from "zod";
import { taskListSchema } from "../../core/schemas/task";
import { jsonSerializerCompiler } from "./json-serializer";

const task = {
  id: "t1",
  plantId: null,
  title: "Water",
  type: "watering",
  dueDate: "2026-12-01",
  status: "pending",
  priority: 2,
  notes: null,
  repeatEveryDays: 3,
  createdAt: "2026-11-23T10:00:00.000Z",
  completedAt: null,
};
const route = (schema: z.ZodType) => ({
  schema,
  method: "GET",
  url: "/x",
  httpStatus: "200",
  httpPart: "body",
});

describe("jsonSerializerCompiler", () => {
  it("writes what JSON.stringify writes for a reply that fits its schema", () => {
    const write = jsonSerializerCompiler(false)(route(taskListSchema));
    const body = { tasks: [task, { ...task, id: "t2", plantId: "p1" }], nextCursor: null };
    expect(write(body)).toBe(JSON.stringify(body));
  });

  it("sends only the declared fields, so an internal one cannot leak", () => {
    const write = jsonSerializerCompiler(false)(route(taskListSchema));
    const out = JSON.parse(write({ tasks: [{ ...task, user_id: "u1" }], nextCursor: null }));
    expect(out.tasks[0]).not.toHaveProperty("user_id");
    expect(out.tasks[0]).toEqual(task);
  });

  it("checked (tests): a reply that breaks its schema fails instead of being coerced", () => {
    const schema = z.object({ count: z.number().int() });
    expect(() => jsonSerializerCompiler(true)(route(schema))({ count: "3" })).toThrow();
    expect(jsonSerializerCompiler(false)(route(schema))({ count: 3 })).toBe('{"count":3}');
  });
});
