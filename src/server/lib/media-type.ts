/**
 * The media type of a Content-Type header: type/subtype, lower-cased, parameters and surrounding
 * whitespace dropped ("" when absent). Media types are case-insensitive (RFC 9110 §8.3.1), and
 * the parsers behind us (Fastify, better-call) compare them so: checks must compare them the same
 * way, or "Application/JSON" would reach a parser without passing its check.
 */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";
}
