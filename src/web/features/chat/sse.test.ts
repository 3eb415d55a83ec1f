import { describe, expect, it } from "vitest";
import { readSseStream, type SseEvent } from "./sse";

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

/** A fetch body that delivers these byte chunks, then ends. */
function body(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

async function parseAll(chunks: string[]): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  const encoder = new TextEncoder();
  await readSseStream(body(chunks.map((chunk) => encoder.encode(chunk))), (e) => events.push(e));
  return events;
}

describe("readSseStream", () => {
  it("reads whole frames", async () => {
    expect(await parseAll([stream])).toEqual(expected);
  });

  it("gives the same events however the text is split, even one character at a time", async () => {
    expect(await parseAll(stream.split(""))).toEqual(expected);
    for (let cut = 1; cut < stream.length; cut++) {
      expect(await parseAll([stream.slice(0, cut), stream.slice(cut)])).toEqual(expected);
    }
  });

  it("splits 'event:' and 'data:' field names across chunks", async () => {
    expect(await parseAll(["ev", "ent: del", "ta\nda", "ta: {}\n", "\n"])).toEqual([
      { event: "delta", data: "{}" },
    ]);
  });

  it("accepts CRLF and CR line ends, also with CRLF split between chunks", async () => {
    const crlf = stream.replaceAll("\n", "\r\n");
    expect(await parseAll(crlf.split(""))).toEqual(expected);
    expect(await parseAll([stream.replaceAll("\n", "\r")])).toEqual(expected);
    expect(await parseAll(["data: a\r", "\ndata: b\r", "\n\r", "\n"])).toEqual([
      { event: "message", data: "a\nb" },
    ]);
  });

  it("joins several data lines, drops one leading space only, ignores comments", async () => {
    expect(await parseAll([": hello\ndata:  two spaces\ndata:x\n\n"])).toEqual([
      { event: "message", data: " two spaces\nx" },
    ]);
  });

  it("skips a UTF-8 byte order mark before the first field", async () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf]);
    const events: SseEvent[] = [];
    const frame = new TextEncoder().encode("data: first\n\n");
    await readSseStream(body([bom, frame]), (e) => events.push(e));
    expect(events).toEqual([{ event: "message", data: "first" }]);
  });

  it("delivers an event the stream ended without a blank line after", async () => {
    expect(await parseAll(['event: done\ndata: {"reply":"ok"}'])).toEqual([
      { event: "done", data: '{"reply":"ok"}' },
    ]);
    expect(await parseAll(["data: a\r"])).toEqual([{ event: "message", data: "a" }]);
  });

  it("forgets the event name after each dispatch and skips frames without data", async () => {
    expect(await parseAll(["event: ping\n\ndata: a\n\n"])).toEqual([
      { event: "message", data: "a" },
    ]);
  });

  it("decodes UTF-8 characters split across network chunks", async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"Paprika 🌶️ · °C"}\n\n');
    const chunks = Array.from(bytes, (b) => new Uint8Array([b]));
    const events: SseEvent[] = [];
    let seen = 0;
    await readSseStream(
      body(chunks),
      (e) => events.push(e),
      () => {
        seen += 1;
      },
    );
    expect(events).toEqual([{ event: "delta", data: '{"text":"Paprika 🌶️ · °C"}' }]);
    expect(seen).toBe(chunks.length);
  });
});
