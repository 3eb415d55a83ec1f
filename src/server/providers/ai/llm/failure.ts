import { APICallError } from "ai";

/** Why a model call gave no usable answer, for the log. */
export interface FailureFields {
  reason: string;
  status?: number;
  message: string;
}

/** Thrown for a call that succeeded but said nothing, so it takes the same path as a failure. */
export class EmptyReplyError extends Error {
  override name = "EmptyReplyError";
  constructor() {
    super("The model returned an empty reply.");
  }
}

/** Thrown for a reply that is not in the shape the prompt asked for. */
export class InvalidReplyError extends Error {
  override name = "InvalidReplyError";
  constructor(what: string) {
    super(`The model's reply was not ${what} in the shape asked for.`);
  }
}

/** Thrown when no chunk arrived for the configured timeout. */
export class ModelTimeoutError extends Error {
  override name = "ModelTimeoutError";
  constructor(ms: number) {
    super(`No answer from the model within ${ms} ms.`);
  }
}

/**
 * Fields safe to log: the error's name, HTTP status and message, with the API key cut out should
 * an endpoint echo it back. Never the request (the gardener's data) or its headers (the key).
 */
export function failureFields(error: unknown, apiKey: string | undefined): FailureFields {
  const err = error instanceof Error ? error : new Error(String(error));
  let message = err.message;
  if (apiKey) message = message.replaceAll(apiKey, "[redacted]");
  const fields: FailureFields = { reason: err.name, message: message.slice(0, 300) };
  if (APICallError.isInstance(err) && err.statusCode !== undefined) fields.status = err.statusCode;
  return fields;
}
