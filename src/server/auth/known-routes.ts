/** What `auth.api` holds for each endpoint: enough to know which requests better-auth serves. */
interface EndpointLike {
  path?: string;
  options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } };
}

interface KnownRoute {
  /** The endpoint's path as better-auth declares it, e.g. "/reset-password/:token". */
  pattern: string;
  matches: RegExp;
  methods: Set<string>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function compile(path: string): RegExp {
  const segments = path.split("/").map((segment) => {
    if (segment.startsWith(":")) return "[^/]+";
    if (segment === "**") return ".*";
    if (segment === "*") return "[^/]*";
    return escapeRegExp(segment);
  });
  return new RegExp(`^${segments.join("/")}$`);
}

/**
 * The routes better-auth answers under its base path, read from its own endpoints so plugins and
 * upgrades are followed. Everything else is a 404 before better-auth runs: its rate limiter
 * writes a database row keyed by the raw path for every request it sees, 404s included.
 */
export class KnownAuthRoutes {
  private readonly routes: KnownRoute[];

  constructor(endpoints: Record<string, unknown>) {
    this.routes = Object.values(endpoints).flatMap((value) => {
      const endpoint = value as EndpointLike;
      const method = endpoint.options?.method;
      if (!endpoint.path || !method || endpoint.options?.metadata?.SERVER_ONLY) return [];
      const methods = new Set(Array.isArray(method) ? method : [method]);
      return [{ pattern: endpoint.path, matches: compile(endpoint.path), methods }];
    });
  }

  /** The declared path of the route serving `method` on `path` (relative to the base path). */
  find(method: string, path: string): string | undefined {
    return this.routes.find(
      (route) => route.matches.test(path) && (route.methods.has(method) || route.methods.has("*")),
    )?.pattern;
  }

  /** The declared path for a path alone, whatever the method: a bounded name for rate limits. */
  patternOf(path: string): string | undefined {
    return this.routes.find((route) => route.matches.test(path))?.pattern;
  }
}
