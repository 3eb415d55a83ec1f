/** What a DATABASE_URL points at, for messages: never its password. */
export interface DatabaseTarget {
  /** host:port, or the socket folder for a local socket. */
  address: string;
  database: string;
  user: string;
}

const SSL_MODES = ["disable", "prefer", "require", "verify-ca", "verify-full", "no-verify"];

/**
 * Reads the URL as pg does (pg-connection-string): a URL with an empty host (`user@/db?host=/run`,
 * a local socket) is valid. Throws what `new URL` throws.
 */
function readUrl(url: string): URL {
  try {
    return new URL(url);
  } catch {
    return new URL(url.replace("@/", "@localhost/"));
  }
}

/** Why DATABASE_URL cannot be used, or undefined when pg can read it. */
export function databaseUrlProblem(url: string): string | undefined {
  if (!/^postgres(ql)?:\/\//.test(url)) {
    return "DATABASE_URL must start with postgres:// or postgresql://";
  }
  let parsed: URL;
  try {
    parsed = readUrl(url);
  } catch {
    return "DATABASE_URL is not a valid URL: check its host and port, and percent-encode @ : / ? # [ ] in the user name or password (%40 for @)";
  }
  const sslmode = parsed.searchParams.get("sslmode");
  if (sslmode !== null && !SSL_MODES.includes(sslmode)) {
    return `DATABASE_URL has sslmode=${sslmode}; use one of ${SSL_MODES.join(", ")}`;
  }
  return undefined;
}

/** Where DATABASE_URL points, with pg's defaults for what it leaves out. */
export function databaseTarget(url: string): DatabaseTarget {
  const parsed = readUrl(url);
  const query = parsed.searchParams;
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  // A query string value wins over the same part of the URL, as in pg.
  const user = query.get("user") ?? (decode(parsed.username) || process.env.USER || "postgres");
  const host = query.get("host") ?? (parsed.hostname.replace(/^\[(.+)\]$/, "$1") || "localhost");
  const port = query.get("port") ?? (parsed.port || "5432");
  return {
    address: host.startsWith("/") ? host : `${host.includes(":") ? `[${host}]` : host}:${port}`,
    database: decode(parsed.pathname.slice(1)) || user,
    user,
  };
}
