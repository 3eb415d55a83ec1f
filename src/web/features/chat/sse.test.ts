import { describe, expect, it } from "vitest";
import { createSseParser, readSseStream, type SseEvent } from "./sse";

const stream = [
  "event: delta",
  'data: {"text":"Hi Rowan,\\n\\n"}',
  "",
  ": keep-alive",
  "event: delta",
  'data: {"text":"Water deeply."}',
  "",
  "event: done",
  'data: {"reply":"Hi Rowan,\\n\\nWater deeply."}',
  "",
  "",
].join("\n");

const expected: SseEvent[] = [
  { event: "delta", data: '{"text":"Hi Rowan,\\n\\n"}' },
  { event: "delta", data: '{"text":"Water deeply."}' },
  { event: "done", data: '{"reply":"Hi Rowan,\\n\\nWater deeply."}' },
];

function parseAll(chunks: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((e) => events.push(e));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return events;
}

describe("Server-Sent Events parser", () => {
  it("reads whole frames", () => {
    expect(parseAll([stream])).toEqual(expected);
  });

  it("gives the same events however the text is split, even one character at a time", () => {
    expect(parseAll(stream.split(""))).toEqual(expected);
    for (let cut = 1; cut < stream.length; cut++) {
      expect(parseAll([stream.slice(0, cut), stream.slice(cut)])).toEqual(expected);
    }
  });

  it("splits 'event:' and 'data:' field names across chunks", () => {
    expect(parseAll(["ev", "ent: del", "ta\nda", "ta: {}\n", "\n"])).toEqual([
      { event: "delta", data: "{}" },
    ]);
  });

  it("accepts CRLF and CR line ends, also with CRLF split between chunks", () => {
    const crlf = stream.replaceAll("\n", "\r\n");
    expect(parseAll(crlf.split(""))).toEqual(expected);
    expect(parseAll([stream.replaceAll("\n", "\r")])).toEqual(expected);
    expect(parseAll(["data: a\r", "\ndata: b\r", "\n\r", "\n"])).toEqual([
      { event: "message", data: "a\nb" },
    ]);
  });

  it("joins several data lines, drops one leading space only, ignores comments and BOM", () => {
    expect(parseAll(["\uFEFF: hello\ndata:  two spaces\ndata:x\n\n"])).toEqual([
      { event: "message", data: " two spaces\nx" },
    ]);
  });

  it("delivers an event the stream ended without a blank line after", () => {
    expect(parseAll(['event: done\ndata: {"reply":"ok"}'])).toEqual([
      { event: "done", data: '{"reply":"ok"}' },
    ]);
  });

  it("forgets the event name after each dispatch and skips frames without data", () => {
    expect(parseAll(["event: ping\n\ndata: a\n\n"])).toEqual([{ event: "message", data: "a" }]);
  });
});

describe("readSseStream", () => {
  it("decodes UTF-8 characters split across network chunks", async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"Paprika 🌶️ · °C"}\n\n');
    const chunks = Array.from(bytes, (b) => new Uint8Array([b]));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    const events: SseEvent[] = [];
    let seen = 0;
    await readSseStream(
      body,
      (e) => events.push(e),
      () => {
        seen += 1;
      },
    );
    expect(events).toEqual([{ event: "delta", data: '{"text":"Paprika 🌶️ · °C"}' }]);
    expect(seen).toBe(chunks.length);
  });
});
