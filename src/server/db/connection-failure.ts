import { CONNECT_TIMEOUT_MS } from "./connection";
import { databaseTarget } from "./database-url";

type ConnectError = Error & { code?: string; address?: string; port?: number; syscall?: string };

// Node's names for certificate and TLS failures (DEPTH_ZERO_SELF_SIGNED_CERT, CERT_HAS_EXPIRED,
// ERR_TLS_CERT_ALTNAME_INVALID, UNABLE_TO_VERIFY_LEAF_SIGNATURE, ERR_SSL_WRONG_VERSION_NUMBER...).
const TLS_CODE = /CERT|SELF_SIGNED|UNABLE_TO_|_TLS_|_SSL_|EPROTO/;

/**
 * The one line start-up prints when PostgreSQL cannot be reached with DATABASE_URL: what failed,
 * where (host:port, database, user: never the password) and what to check. Undefined when `err`
 * is not a connection failure (it is then reported as it is).
 */
export function describeConnectionFailure(err: unknown, databaseUrl: string): string | undefined {
  if (!(err instanceof Error)) return undefined;
  const { code, message } = err as ConnectError;
  const target = databaseTarget(databaseUrl);
  const at = `PostgreSQL at ${target.address}`;
  const cannotConnect = (why: string, check: string) =>
    `DATABASE_URL: cannot connect to ${at} (${why}). ${check}`;

  switch (code) {
    case "ECONNREFUSED":
      return cannotConnect(
        "connection refused",
        "Check the host and port, and that PostgreSQL is running.",
      );
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return cannotConnect("host name not found", "Check the host name.");
    case "EHOSTUNREACH":
    case "ENETUNREACH":
    case "ETIMEDOUT":
      return cannotConnect("host unreachable", "Check the host, and the network or firewall.");
    case "ENOENT":
      if ((err as ConnectError).syscall === "connect") {
        return cannotConnect("no socket there", "Check the host (the socket folder).");
      }
      return undefined;
    case "ECONNRESET":
      return cannotConnect(
        "the server closed the connection",
        "Check that this port is PostgreSQL's, and the sslmode it expects.",
      );
    case "3D000":
      return `DATABASE_URL: ${at} has no database "${target.database}". Create it (createdb ${target.database}) or fix the database name in the URL.`;
    case "28P01":
      return `DATABASE_URL: ${at} refused the password of user "${target.user}". Check the user name and password.`;
    case "28000":
      return `DATABASE_URL: ${at} refused user "${target.user}" (${message}). Check the user name, and that pg_hba.conf lets it connect from here.`;
    case "53300":
    case "57P03":
      return `DATABASE_URL: ${at} is not taking connections now (${message}). Try again in a moment; if it lasts, see the PostgreSQL server's log.`;
  }
  if (code?.startsWith("08")) return cannotConnect(message, "Check the host, port and sslmode.");
  if (code && TLS_CODE.test(code)) {
    return `DATABASE_URL: the SSL connection to ${at} failed (${message}). Check sslmode, and sslrootcert for a private certificate authority.`;
  }
  if (message === "The server does not support SSL connections") {
    return `DATABASE_URL: ${at} does not support SSL connections. Remove sslmode from the URL (or set sslmode=disable), or turn SSL on in PostgreSQL.`;
  }
  // pg's own failures carry no code: its connection timeout, and a connection closed mid-start.
  if (!code && /timeout/i.test(message)) {
    return cannotConnect(
      `no answer within ${CONNECT_TIMEOUT_MS / 1000} s`,
      "Check the host and port, and any firewall in between.",
    );
  }
  if (!code && message === "Connection terminated unexpectedly") {
    return cannotConnect(
      "the server closed the connection",
      "Check that this port is PostgreSQL's, and the sslmode it expects.",
    );
  }
  return undefined;
}

/**
 * SQLSTATEs of a backend that ended, or of a server not taking connections now: 57P01
 * admin_shutdown (pg_terminate_backend, a fast shutdown or failover), 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting or stopping), 57P05 idle_session_timeout (a pooled
 * connection ended while the pool handed it out), and class 08, connection exceptions.
 */
const LOST_STATE = /^(57P0[1235]|08[0-9A-Z]{3})$/;

/** Node's codes for a socket to PostgreSQL that broke or would not open (a restart). */
const LOST_SOCKET = new Set(["ECONNRESET", "ECONNREFUSED", "EPIPE"]);

/**
 * pg's own words, without a code, for a connection that ended under a query ("Connection
 * terminated unexpectedly"), one that gave up opening ("… due to connection timeout"), and a
 * checked-out client whose connection had already failed.
 */
const LOST_MESSAGE = /^(Connection terminated\b|Client has encountered a connection error)/;

/**
 * Whether a request failed because its database connection was lost or could not be opened:
 * retrying in a moment can work (the pool replaces a dead client), so it answers 503, not 500.
 * The driver's error may come wrapped (better-auth's session lookup gives an APIError whose
 * cause it is), so the causes count too; not under a TypeError, which is how fetch fails (its
 * cause carries the same socket codes), and a provider's failure is the provider's to answer.
 */
export function isLostConnection(err: unknown): boolean {
  for (let at = err, depth = 0; at instanceof Error && depth < 4; at = at.cause, depth++) {
    if (at instanceof TypeError) return false;
    const { code } = at as ConnectError;
    if (code !== undefined && (LOST_STATE.test(code) || LOST_SOCKET.has(code))) return true;
    if (code === undefined && LOST_MESSAGE.test(at.message)) return true;
  }
  return false;
}
