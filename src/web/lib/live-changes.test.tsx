import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** Stands in for the browser's EventSource: records instances, delivers named events. */
class RecordingEventSource extends EventTarget {
  static opened: RecordingEventSource[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    RecordingEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown, lastEventId = "") {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data), lastEventId }));
  }
  /** What the browser fires as the stream connects, and again after each reconnect. */
  open() {
    this.dispatchEvent(new Event("open"));
  }
}

const streams = () => RecordingEventSource.opened;
const last = () => streams().at(-1) as RecordingEventSource;

// The shared stream and what the page has read live in the module: a fresh one per test.
let live: typeof import("./live-changes");

describe("useLiveChanges", () => {
  beforeEach(async () => {
    RecordingEventSource.opened = [];
    vi.stubGlobal("EventSource", RecordingEventSource);
    vi.resetModules();
    live = await import("./live-changes");
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const follow = (types: Parameters<typeof live.useLiveChanges>[0], onChange = vi.fn()) => ({
    onChange,
    hook: renderHook(() => live.useLiveChanges(types, onChange, true)),
  });

  it("shares one stream between hooks and closes it when the last lets go", () => {
    const garden = follow(["task.created"]);
    const chats = follow(["chat.updated"]);
    expect(streams()).toHaveLength(1);
    expect(last().url).toBe("/api/events");
    garden.hook.unmount();
    expect(last().closed).toBe(false);
    chats.hook.unmount();
    expect(last().closed).toBe(true);
  });

  it("opens nothing while signed out", () => {
    renderHook(() => live.useLiveChanges(["chat.updated"], () => {}, false));
    expect(streams()).toHaveLength(0);
  });

  it("calls back once per burst with the changed ids, only for its own event names", () => {
    const { onChange } = follow(["chat.updated"]);
    act(() => {
      last().emit("chat.updated", { id: "a" }, "1");
      last().emit("task.created", { id: "t" }, "2");
      last().emit("chat.updated", { id: "b" }, "3");
      last().emit("chat.updated", { id: "a" }, "4");
    });
    expect(onChange).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(100));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(["a", "b"], false);
  });

  it("takes a reconnect as a resume (the server replays), and only a reset as 'anything changed'", () => {
    const { onChange } = follow(["task.created"]);
    const stream = last();
    act(() => {
      stream.open();
      stream.emit("ready", { position: 5 }, "5");
      vi.advanceTimersByTime(1000);
      stream.dispatchEvent(new Event("error"));
      stream.open();
      stream.emit("task.created", { id: "t" }, "6");
      stream.emit("ready", { position: 6 }, "6");
      vi.advanceTimersByTime(100);
    });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(["t"], false);
    act(() => {
      stream.emit("reset", { position: 90 }, "90");
      vi.advanceTimersByTime(100);
    });
    expect(onChange).toHaveBeenLastCalledWith([], true);
    expect(streams()).toHaveLength(1);
  });

  it("takes everything as changed when the stream dropped before it said where it stood", () => {
    const { onChange } = follow(["task.created"]);
    act(() => {
      last().open();
      last().dispatchEvent(new Event("error"));
      last().open();
      vi.advanceTimersByTime(100);
    });
    expect(onChange).toHaveBeenCalledWith([], true);
  });

  it("opens the stream after the lowest X-Event-Position the page was answered with", () => {
    live.noteEventPosition("40");
    live.noteEventPosition("35");
    live.noteEventPosition("not a number");
    live.noteEventPosition(null);
    follow(["task.created"]);
    expect(last().url).toBe("/api/events?since=35");
    // An answer at or after where it began changes nothing.
    live.noteEventPosition("35");
    live.noteEventPosition("80");
    expect(streams()).toHaveLength(1);
  });

  it("restarts the stream from an answer older than where it began, and hooks keep hearing it", () => {
    const { onChange } = follow(["task.created"]);
    const first = last();
    // A read still on its way when the stream opened, made before a change the stream began after.
    live.noteEventPosition("30");
    act(() => first.emit("ready", { position: 50 }, "50"));
    expect(first.closed).toBe(true);
    expect(last().url).toBe("/api/events?since=30");
    act(() => {
      last().emit("task.created", { id: "missed" }, "41");
      vi.advanceTimersByTime(100);
    });
    expect(onChange).toHaveBeenCalledWith(["missed"], false);
    // A late answer from before the restart's start restarts it again; later ones do not.
    live.noteEventPosition("20");
    expect(last().url).toBe("/api/events?since=20");
    live.noteEventPosition("60");
    expect(streams()).toHaveLength(3);
    act(() => {
      first.emit("task.created", { id: "old stream" }, "99");
      vi.advanceTimersByTime(100);
    });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it("resumes a later stream of the page after the last change the closed one reached", () => {
    const garden = follow(["task.created"]);
    act(() => {
      last().emit("ready", { position: 7 }, "7");
      last().emit("task.created", { id: "t" }, "9");
    });
    garden.hook.unmount();
    follow(["task.created"]);
    expect(last().url).toBe("/api/events?since=9");
  });

  it("hears X-Event-Position on the API's answers", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(
        async () =>
          new Response(JSON.stringify({ tasks: [] }), {
            headers: { "content-type": "application/json", "x-event-position": "12" },
          }),
      ),
    );
    const { api } = await import("./api-client");
    await api.get("/api/tasks");
    follow(["task.created"]);
    expect(last().url).toBe("/api/events?since=12");
  });
});
