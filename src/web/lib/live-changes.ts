import { useEffect, useRef } from "react";
import type { ChangeType } from "../../core/live-events";

/** A burst of changes (a plan creates many tasks) becomes one call. */
const BURST_MS = 100;

// One /api/events stream per tab, shared by every hook that follows changes: the server allows
// a gardener 10 streams, and a tab holding one per feature would use them up with a few tabs.
let shared: EventSource | null = null;
let holders = 0;
/** How often the shared stream has opened: every open after the first is a reconnect. */
let opens = 0;

function holdStream(): EventSource {
  holders += 1;
  if (!shared) {
    shared = new EventSource("/api/events", { withCredentials: true });
    opens = 0;
    // Added first, so it has counted an open before any hook's listener hears of it.
    shared.addEventListener("open", () => {
      opens += 1;
    });
  }
  return shared;
}

function releaseStream() {
  holders -= 1;
  if (holders === 0) {
    shared?.close();
    shared = null;
  }
}

function idOf(event: MessageEvent): string | null {
  try {
    const data: unknown = JSON.parse(String(event.data));
    return typeof data === "object" && data !== null && "id" in data && typeof data.id === "string"
      ? data.id
      : null;
  } catch {
    return null;
  }
}

/**
 * While `enabled` (the gardener is signed in): calls `onChange` with the ids that changed when
 * any of these API.md "Live changes" arrive, once per burst, so a change made in another tab or
 * device shows here within a second. Changes made while the stream was down (a dropped network,
 * a restarted server, or a server that ended it after missing changes itself) are never sent, so
 * after a reconnect `onChange` is called with `everything` true: anything may have changed.
 */
export function useLiveChanges(
  types: readonly ChangeType[],
  onChange: (ids: string[], everything: boolean) => void,
  enabled: boolean,
) {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  const typeList = types.join(" ");

  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const stream = holdStream();
    const ids = new Set<string>();
    let everything = false;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const callSoon = () => {
      clearTimeout(pending);
      pending = setTimeout(() => {
        const changed = [...ids];
        const all = everything;
        ids.clear();
        everything = false;
        latest.current(changed, all);
      }, BURST_MS);
    };
    const listener = (event: MessageEvent) => {
      const id = idOf(event);
      if (id) ids.add(id);
      callSoon();
    };
    const reopened = () => {
      if (opens < 2) return;
      everything = true;
      callSoon();
    };
    const names = typeList.split(" ");
    for (const name of names) stream.addEventListener(name, listener);
    stream.addEventListener("open", reopened);
    return () => {
      clearTimeout(pending);
      for (const name of names) stream.removeEventListener(name, listener);
      stream.removeEventListener("open", reopened);
      releaseStream();
    };
  }, [enabled, typeList]);
}
