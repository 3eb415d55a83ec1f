import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ErrorBody, ErrorCode } from "../core/schemas/error";
import { isLostConnection } from "./db/connection-failure";
import { AppError, invalidRequest } from "./errors";

const codeByStatus: Record<number, ErrorCode> = {
  400: "invalid_request",
  401: "unauthorized",
  403: "forbidden_origin",
  404: "not_found",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
  503: "upstream_unavailable",
  502: "upstream_unavailable",
};

/** How long a client should wait before retrying a request whose database connection was lost. */
export const LOST_CONNECTION_RETRY_SECONDS = 5;

const messageByFastifyCode: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Send the request body as JSON (Content-Type: application/json).",
  FST_ERR_CTP_BODY_TOO_LARGE: "The request body is too large.",
  FST_ERR_CTP_EMPTY_JSON_BODY: "The request body is empty; send a JSON object.",
  FST_ERR_CTP_INVALID_JSON_BODY: "The request body is not valid JSON.",
};

declare module "fastify" {
  interface FastifyContextConfig {
    /** The message of a 413 for a body over the route's bodyLimit (it says what is accepted). */
    tooLargeMessage?: string;
  }
}

function body(code: ErrorCode, message: string, issues?: ErrorBody["error"]["issues"]): ErrorBody {
  return { error: issues?.length ? { code, message, issues } : { code, message } };
}

function formatPath(parts: readonly PropertyKey[]): string {
  return parts.map(String).join(".");
}

/** The single error handler: 4xx carry a message a person can act on; 5xx never leak internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send(body(error.code, error.message, error.issues));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => {
        const where = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
        const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
        const path = where || formatPath(params?.issue?.path ?? []);
        return { path, message: issue.message ?? "Invalid value" };
      });
      const invalid = invalidRequest(issues);
      return reply.status(400).send(body(invalid.code, invalid.message, invalid.issues));
    }
    if (isLostConnection(error)) {
      // A warning, not an error: neither the request nor the code is at fault.
      request.log.warn({ code: error.code }, "request failed: lost its database connection");
      return reply
        .status(503)
        .header("retry-after", String(LOST_CONNECTION_RETRY_SECONDS))
        .send(body("unavailable", "The database connection was lost. Try again in a few seconds."));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = codeByStatus[status] ?? "invalid_request";
      const message =
        (error.code === "FST_ERR_CTP_BODY_TOO_LARGE"
          ? request.routeOptions.config?.tooLargeMessage
          : undefined) ??
        messageByFastifyCode[error.code] ??
        error.message ??
        "The request is not valid.";
      return reply.status(status).send(body(code, message));
    }
    request.log.error({ err: error }, "request failed");
    return reply
      .status(500)
      .send(body("internal", "Something went wrong on our side. Please try again in a moment."));
  });
}

const frameworkMessages: Record<string, string> = {
  FST_ERR_BAD_URL: "That address is not valid: check how its path is encoded.",
  FST_ERR_MAX_PARAM_LENGTH:
    "That address is too long: an id or name in its path may be at most 100 characters.",
};

/**
 * Fastify's `frameworkErrors`: a malformed or over-long path is refused by the router before any
 * hook runs; answer it in the API's error shape too.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 400;
  reply
    .status(status)
    .send(body("invalid_request", frameworkMessages[error.code] ?? "The request is not valid."));
}
