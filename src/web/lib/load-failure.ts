import { HttpError, NetworkError } from "./api-client";
import { connectivity } from "./connectivity";

/** What went wrong loading a card, for a person: a short title and what to do about it. */
export interface LoadFailure {
  kind: "offline" | "unreachable" | "not-found" | "upstream" | "server" | "other";
  title: string;
  detail: string;
}

export interface LoadFailureWords {
  /** Title when the thing asked for does not exist (a weather place: "Place not found"). */
  notFound?: string;
  /** Title when an outside service Tendril relies on is down ("Weather service unreachable"). */
  upstream?: string;
  /** Title for anything else ("Your tasks could not be loaded"). */
  fallback: string;
}

/** The error itself, or the one it wraps (`new Error(message, { cause })`). */
function original(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 3; depth++) {
    if (current instanceof HttpError || current instanceof NetworkError) return current;
    if (!(current instanceof Error) || current.cause === undefined) return current;
    current = current.cause;
  }
  return current;
}

/**
 * Says which of these failed: the device is offline, Tendril's server could not be reached, the
 * thing was not found, an outside service (weather, geocoding) is down, or the server failed;
 * in the server's own words where it gave some.
 */
export function loadFailure(error: unknown, words: LoadFailureWords): LoadFailure {
  const cause = original(error);
  const offline =
    connectivity.get().offline || (typeof navigator !== "undefined" && !navigator.onLine);
  if (offline) {
    return {
      kind: "offline",
      title: "You are offline",
      detail: "It loads when you are back online.",
    };
  }
  if (cause instanceof NetworkError) {
    return {
      kind: "unreachable",
      title: "Tendril's server could not be reached",
      detail: "Check your connection, then try again.",
    };
  }
  if (cause instanceof HttpError) {
    const said = cause.serverMessage;
    if (cause.status === 404) {
      return {
        kind: "not-found",
        title: words.notFound ?? words.fallback,
        detail: said ?? "It may have been removed.",
      };
    }
    if (cause.status === 502 || cause.status === 503 || cause.status === 504) {
      return {
        kind: "upstream",
        title: words.upstream ?? "A service Tendril uses is not answering",
        detail: said ?? "Try again in a few minutes.",
      };
    }
    if (cause.status >= 500) {
      return {
        kind: "server",
        title: "Tendril's server ran into a problem",
        detail: "Try again in a moment. If it keeps happening, tell whoever runs your Tendril.",
      };
    }
    return { kind: "other", title: words.fallback, detail: said ?? "Try again in a moment." };
  }
  return { kind: "other", title: words.fallback, detail: "Try again in a moment." };
}
