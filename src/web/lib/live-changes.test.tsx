import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useLiveChanges } from "./live-changes";

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
  emit(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  /** What the browser fires as the stream connects, and again after each reconnect. */
  open() {
    this.dispatchEvent(new Event("open"));
  }
}

describe("useLiveChanges", () => {
  beforeEach(() => {
    RecordingEventSource.opened = [];
    vi.stubGlobal("EventSource", RecordingEventSource);
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("shares one stream between hooks and closes it when the last lets go", () => {
    const garden = renderHook(() => useLiveChanges(["task.created"], () => {}, true));
    const chats = renderHook(() => useLiveChanges(["chat.updated"], () => {}, true));
    expect(RecordingEventSource.opened).toHaveLength(1);
    expect(RecordingEventSource.opened[0]?.url).toBe("/api/events");
    garden.unmount();
    expect(RecordingEventSource.opened[0]?.closed).toBe(false);
    chats.unmount();
    expect(RecordingEventSource.opened[0]?.closed).toBe(true);
  });

  it("opens nothing while signed out", () => {
    renderHook(() => useLiveChanges(["chat.updated"], () => {}, false));
    expect(RecordingEventSource.opened).toHaveLength(0);
  });

  it("calls back once per burst with the changed ids, only for its own event names", () => {
    const onChange = vi.fn();
    renderHook(() => useLiveChanges(["chat.updated"], onChange, true));
    const stream = RecordingEventSource.opened[0] as RecordingEventSource;
    act(() => {
      stream.emit("chat.updated", { id: "a" });
      stream.emit("task.created", { id: "t" });
      stream.emit("chat.updated", { id: "b" });
      stream.emit("chat.updated", { id: "a" });
    });
    expect(onChange).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(100));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(["a", "b"], false);
  });

  it("says anything may have changed after the stream reconnects, not when it first opens", () => {
    const onChange = vi.fn();
    renderHook(() => useLiveChanges(["task.created"], onChange, true));
    const stream = RecordingEventSource.opened[0] as RecordingEventSource;
    act(() => {
      stream.open();
      vi.advanceTimersByTime(1000);
    });
    expect(onChange).not.toHaveBeenCalled();
    act(() => {
      stream.dispatchEvent(new Event("error"));
      stream.open();
      stream.emit("task.created", { id: "t" });
      vi.advanceTimersByTime(100);
    });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(["t"], true);
    act(() => {
      stream.emit("task.created", { id: "u" });
      vi.advanceTimersByTime(100);
    });
    expect(onChange).toHaveBeenLastCalledWith(["u"], false);
  });

  it("tells a hook that joined an open stream of the next reconnect", () => {
    const first = renderHook(() => useLiveChanges(["task.created"], () => {}, true));
    const stream = RecordingEventSource.opened[0] as RecordingEventSource;
    act(() => stream.open());
    const onChange = vi.fn();
    renderHook(() => useLiveChanges(["chat.updated"], onChange, true));
    first.unmount();
    act(() => {
      stream.open();
      vi.advanceTimersByTime(100);
    });
    expect(onChange).toHaveBeenCalledWith([], true);
  });
});
