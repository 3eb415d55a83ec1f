import type { SwaggerTransform } from "@fastify/swagger";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import type { ZodType } from "zod";

declare module "fastify" {
  interface FastifySchema {
    /**
     * OpenAPI only: the multipart/form-data body a route also (or only) takes. The handler reads
     * and checks the form itself; Fastify never validates it.
     */
    multipartBody?: ZodType;
  }
}

interface ContentMap {
  content: Record<string, { schema: ZodType }>;
}

const isContentMap = (body: unknown): body is ContentMap =>
  typeof body === "object" && body !== null && "content" in body;

/**
 * fastify-type-provider-zod's transform, plus request bodies per content type: a body given as
 * `{ content: { "application/json": { schema } } }` (Fastify validates each type on its own) and a
 * `multipartBody` appear in the document under their content types.
 */
export const openApiTransform: SwaggerTransform = (document) => {
  const { body, multipartBody, ...rest } = document.schema ?? {};
  if (!isContentMap(body) && !multipartBody) return jsonSchemaTransform(document);
  const out = jsonSchemaTransform({ ...document, schema: rest });
  const toJson = (schema: ZodType) =>
    jsonSchemaTransform({ ...document, schema: { body: schema } }).schema.body;
  const content: Record<string, { schema: unknown }> = {};
  if (isContentMap(body)) {
    for (const [type, { schema }] of Object.entries(body.content)) {
      content[type] = { schema: toJson(schema) };
    }
  } else if (body) {
    content["application/json"] = { schema: toJson(body as ZodType) };
  }
  if (multipartBody) content["multipart/form-data"] = { schema: toJson(multipartBody) };
  return { ...out, schema: { ...out.schema, body: { content } } };
};
