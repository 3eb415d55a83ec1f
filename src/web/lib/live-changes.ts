import { useEffect, useRef } from "react";
import { type ChangeType, changeTypes } from "../../core/live-events";

/** A burst of changes (a plan creates many tasks) becomes one call. */
const BURST_MS = 100;

/** The stream's own events (API docs: GET /api/events): where it stands, or "refetch all". */
const READY = "ready";
const RESET = "reset";

// One /api/events stream per tab, shared by every hook that follows changes: the server allows
// a gardener 10 streams, and a tab holding one per feature would use them up with a few tabs.
// Hooks listen on `hub`, so the stream under it can be replaced (restarted from an earlier id).
const hub = new EventTarget();
let source: EventSource | null = null;
let holders = 0;

/**
 * Where the open stream began: every change after it reaches this tab. Its `since`, else the
 * position its first `ready` said; null until known.
 */
let streamFrom: number | null = null;
/**
 * The lowest `X-Event-Position` of the answers not yet covered by the stream (it was not open,
 * or its start was not known yet): each answer shows every change up to its position.
 */
let lowestRead: number | null = null;
/** The last id the stream reached: a later stream of this page resumes from there. */
let lastId: number | null = null;

const lower = (a: number | null, b: number | null) =>
  a === null ? b : b === null ? a : Math.min(a, b);

function connect(since: number | null) {
  const url = since === null ? "/api/events" : `/api/events?since=${since}`;
  const opened = new EventSource(url, { withCredentials: true });
  source = opened;
  streamFrom = since;
  let opens = 0;
  const forward = (event: Event) => {
    if (source !== opened) return;
    const message = event as MessageEvent;
    const id = Number.parseInt(message.lastEventId, 10);
    if (Number.isSafeInteger(id)) lastId = id;
    if ((message.type === READY || message.type === RESET) && streamFrom === null) {
      streamFrom = Number.isSafeInteger(id) ? id : null;
      const missed = lowestRead;
      lowestRead = null;
      if (missed !== null && streamFrom !== null && missed < streamFrom) restartFrom(missed);
    }
    hub.dispatchEvent(
      new MessageEvent(message.type, { data: message.data, lastEventId: message.lastEventId }),
    );
  };
  for (const name of [...changeTypes, READY, RESET]) opened.addEventListener(name, forward);
  opened.addEventListener("open", () => {
    opens += 1;
    // A stream that dropped before it said where it stood reconnects with no Last-Event-ID:
    // what changed meanwhile is unknown, so everything is.
    if (opens > 1 && streamFrom === null && source === opened) {
      hub.dispatchEvent(new MessageEvent(RESET, { data: "{}" }));
    }
  });
}

function restartFrom(since: number) {
  source?.close();
  connect(since);
}

/**
 * The `X-Event-Position` of an answer (api-client.ts). An answer older than where the open
 * stream began may lack changes that stream will never send: the stream restarts from it.
 */
export function noteEventPosition(header: string | null) {
  const position = header === null ? Number.NaN : Number(header);
  if (!Number.isSafeInteger(position) || position < 0) return;
  if (source && streamFrom !== null) {
    if (position < streamFrom) restartFrom(position);
    return;
  }
  lowestRead = lower(lowestRead, position);
}

function holdStream() {
  holders += 1;
  if (!source) {
    const since = lower(lowestRead, lastId);
    lowestRead = null;
    connect(since);
  }
}

function releaseStream() {
  holders -= 1;
  if (holders === 0) {
    source?.close();
    source = null;
    streamFrom = null;
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
 * device shows here within a second. A stream that drops resumes after the last change it saw
 * (the browser sends Last-Event-ID), and the server sends what it missed; when it cannot (the
 * tab was away longer than the server keeps changes) it says `reset`, and `onChange` is called
 * with `everything` true: anything may have changed.
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
    holdStream();
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
    const listener = (event: Event) => {
      const id = idOf(event as MessageEvent);
      if (id) ids.add(id);
      callSoon();
    };
    const reset = () => {
      everything = true;
      callSoon();
    };
    const names = typeList.split(" ");
    for (const name of names) hub.addEventListener(name, listener);
    hub.addEventListener(RESET, reset);
    return () => {
      clearTimeout(pending);
      for (const name of names) hub.removeEventListener(name, listener);
      hub.removeEventListener(RESET, reset);
      releaseStream();
    };
  }, [enabled, typeList]);
}
