import { EventEmitter } from "node:events";

import { type ChangeType, changeTypes } from "../../core/live-events";
import type { EventLog } from "./event-log";

export { type ChangeType, changeTypes };

/**
 * Events only the instances hear, never sent to browsers nor logged: "sessions.ended" (a
 * sign-out, a revocation or a password reset) makes every instance forget the user's cached
 * sessions; "units.changed" their cached garden reads, whose text is written in the gardener's
 * units; "token.revoked" (id: the API token's) ends the streams that token opened.
 */
export const internalTypes = ["sessions.ended", "units.changed", "token.revoked"] as const;
export type BusEventType = ChangeType | (typeof internalTypes)[number];
const busTypes: readonly string[] = [...changeTypes, ...internalTypes];

export interface ChangeEvent {
  userId: string;
  type: BusEventType;
  id: string;
  /** A live change's id on the stream, once logged (EventLog); internal events have none. */
  seq?: number;
}

/** A change the gardener's open streams are told of (API.md "Live changes"). */
export function isLiveChange(event: ChangeEvent): event is ChangeEvent & { type: ChangeType } {
  return (changeTypes as readonly string[]).includes(event.type);
}

export type ChangeListener = (event: ChangeEvent) => void;
/** Told when the instance starts or stops hearing every change (ChangeBus.listening). */
export type ListeningListener = (listening: boolean) => void;

/** Fans a user's changes out to every open stream of that user, on this instance or others. */
export interface ChangeBus {
  publish(event: ChangeEvent): Promise<void>;
  subscribe(userId: string, listener: ChangeListener): () => void;
  /** Every user's changes, as this instance learns of them (for caches kept per instance). */
  subscribeAll(listener: ChangeListener): () => void;
  /**
   * Whether a change published now, on any instance, reaches this one. Always true in one
   * process; with PostgreSQL, false from the moment the LISTEN connection is lost until it listens
   * again. Changes published in between never arrive, so whatever is kept current by them must
   * be forgotten (and not kept) meanwhile: `subscribeListening` says when it flips.
   */
  readonly listening: boolean;
  subscribeListening(listener: ListeningListener): () => void;
  /**
   * The highest `seq` this instance knows is committed: the newest in the log when it started,
   * or the newest delivered since. Every change numbered up to it was made before it was read,
   * so a read that begins after reading it sees them all (the `X-Event-Position` of a read).
   */
  readonly position: number;
  close(): Promise<void>;
}

// Event names no user id can be.
const EVERY_USER = Symbol("every user");
const LISTENING = Symbol("listening");

/** Delivers to this instance's subscribers, keyed by user. */
export class LocalFanout {
  private readonly emitter = new EventEmitter();

  constructor(
    /** ChangeBus.position: the newest logged change, then raised by every change delivered. */
    public position: number,
    private hearing = true,
  ) {
    // One listener per open tab; a busy household can exceed Node's default warning level of 10.
    this.emitter.setMaxListeners(0);
  }

  deliver(event: ChangeEvent): void {
    if (event.seq !== undefined && event.seq > this.position) this.position = event.seq;
    this.emitter.emit(EVERY_USER, event);
    this.emitter.emit(event.userId, event);
  }

  subscribe(userId: string, listener: ChangeListener): () => void {
    this.emitter.on(userId, listener);
    return () => this.emitter.off(userId, listener);
  }

  subscribeAll(listener: ChangeListener): () => void {
    this.emitter.on(EVERY_USER, listener);
    return () => this.emitter.off(EVERY_USER, listener);
  }

  get listening(): boolean {
    return this.hearing;
  }

  /** Records whether changes reach this instance, telling subscribers when that flips. */
  setListening(listening: boolean): void {
    if (listening === this.hearing) return;
    this.hearing = listening;
    this.emitter.emit(LISTENING, listening);
  }

  subscribeListening(listener: ListeningListener): () => void {
    this.emitter.on(LISTENING, listener);
    return () => this.emitter.off(LISTENING, listener);
  }
}

/**
 * One process (SQLite): publishing a live change is logging it, then delivering it. The one
 * connection runs statements in turn, so changes are delivered in the order of their `seq`.
 */
export async function createInProcessBus(log: EventLog): Promise<ChangeBus> {
  const fanout = new LocalFanout(await log.last());
  return {
    async publish(event) {
      if (isLiveChange(event)) fanout.deliver({ ...event, seq: await log.append(event) });
      else fanout.deliver(event);
    },
    subscribe: (userId, listener) => fanout.subscribe(userId, listener),
    subscribeAll: (listener) => fanout.subscribeAll(listener),
    listening: true,
    subscribeListening: () => () => {},
    get position() {
      return fanout.position;
    },
    close: async () => {},
  };
}

export function isChangeEvent(value: unknown): value is ChangeEvent {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.userId === "string" &&
    typeof v.id === "string" &&
    busTypes.includes(v.type as string) &&
    (v.seq === undefined || Number.isSafeInteger(v.seq))
  );
}
