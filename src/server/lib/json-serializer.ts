import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify/types/schema";
import { createSerializerCompiler } from "fastify-type-provider-zod";
import { type ZodType, z } from "zod";

/**
 * Replies are written by fast-json-stringify from each route's zod response schema (as JSON
 * Schema): only the declared fields go out, and a 100-task page costs a third of zod's encode
 * plus JSON.stringify. `checked` also runs zod's encode first and fails on any mismatch; tests use
 * it, so a reply that drifts from its schema is caught there.
 */
export function jsonSerializerCompiler(checked: boolean): FastifySerializerCompiler<ZodType> {
  const zodCheck = createSerializerCompiler({});
  return (route) => {
    // Compiled on the route's first reply: compiling all of them took most of a second of every
    // start, before /api/health could answer.
    let compiled: ((data: unknown) => string) | undefined;
    const write = (data: unknown) => {
      compiled ??= fastJson(
        z.toJSONSchema(route.schema, {
          io: "output",
          target: "draft-7",
          unrepresentable: "any",
        }) as Parameters<typeof fastJson>[0],
      );
      return compiled(data);
    };
    if (!checked) return write;
    const check = zodCheck(route);
    return (data) => {
      check(data);
      return write(data);
    };
  };
}
