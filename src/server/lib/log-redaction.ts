import type { FastifyRequest } from "fastify";

const REDACTED = "[redacted]";

/**
 * Query parameters whose value is a key to something: the digest's unsubscribe `?token=`,
 * better-auth's e-mail verification `?token=`, an OAuth `?code=`, and any other token, secret,
 * key, password or signature a client puts in an address.
 */
const SECRET_PARAMETER = /token|secret|key|password|signature|^code$|^sig$/i;

/**
 * Paths whose last part is the secret: the calendar feed (the token is the feed's only key) and
 * better-auth's password-reset link (`/api/auth/reset-password/<token>`). The feed keeps its
 * `.ics`, so the log still tells which route was asked.
 */
const SECRET_PATHS: [RegExp, string][] = [
  [/^(\/api\/calendar\/)[^?]*?(\.ics)?(?=\?|$)/, `$1${REDACTED}$2`],
  [/^(\/api\/auth\/reset-password\/)[^?]*/, `$1${REDACTED}`],
];

const nameOf = (raw: string) => {
  try {
    return decodeURIComponent(raw.replaceAll("+", " "));
  } catch {
    return raw;
  }
};

/** The request's address as the log may keep it: secrets in its path or query replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf("?");
  let path = at === -1 ? url : url.slice(0, at);
  for (const [pattern, replacement] of SECRET_PATHS) path = path.replace(pattern, replacement);
  if (at === -1) return path;
  const query = url
    .slice(at + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      if (equals === -1 || !SECRET_PARAMETER.test(nameOf(pair.slice(0, equals)))) return pair;
      return `${pair.slice(0, equals + 1)}${REDACTED}`;
    })
    .join("&");
  return `${path}?${query}`;
}

/**
 * pino's `req` serializer: Fastify's own fields, the address redacted. Every log line that names
 * a request (the access log's "request completed" and "request errored", a 5xx) goes through it.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
