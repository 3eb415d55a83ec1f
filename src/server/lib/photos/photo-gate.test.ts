import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { pngBomb } from "../../../../tests/support/photos";
import { AppError } from "../../errors";
import { PhotoGate } from "./photo-gate";
import type { CheckedPhoto, ProcessedPhoto } from "./pipeline";

/** A decoder the test finishes by hand, recording which photos it was given. */
function manualDecoder() {
  const started: CheckedPhoto[] = [];
  const finish: (() => void)[] = [];
  const decode = (photo: CheckedPhoto) =>
    new Promise<ProcessedPhoto>((resolve) => {
      started.push(photo);
      finish.push(() => resolve({ photo } as unknown as ProcessedPhoto));
    });
  return { decode, started, finish };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => new Error("expected a refusal"),
    (reason: unknown) => reason,
  );
  if (!(err instanceof AppError)) throw err;
  return err;
}

describe("PhotoGate", () => {
  const photos: Buffer[] = [];
  beforeAll(async () => {
    for (const width of [10, 20, 30, 40]) {
      photos.push(
        await sharp({ create: { width, height: 10, channels: 3, background: "#2e7d32" } })
          .png()
          .toBuffer(),
      );
    }
  });

  // Checks read headers on sharp's threads and may finish in any order: these tests check first,
  // then hand the photos to the decoder in a known order.
  it("decodes one photo at a time, in arrival order, whichever route sent it", async () => {
    const decoder = manualDecoder();
    const gate = new PhotoGate({ perMinute: 100, decode: decoder.decode });
    const imported = gate.reader("10.0.0.9");
    const [a, b, c] = await Promise.all(photos.slice(0, 3).map((bytes) => gate.check(bytes)));
    const first = gate.read(a as CheckedPhoto);
    const second = imported.read(b as CheckedPhoto);
    const third = gate.read(c as CheckedPhoto);
    expect(decoder.started).toEqual([a]);
    decoder.finish[0]?.();
    await first;
    await settle();
    expect(decoder.started).toEqual([a, b]);
    decoder.finish[1]?.();
    await second;
    await settle();
    decoder.finish[2]?.();
    await third;
    expect(decoder.started).toEqual([a, b, c]);
  });

  it("drops a photo whose sender hung up while it waited: it is never decoded", async () => {
    const decoder = manualDecoder();
    const gate = new PhotoGate({ perMinute: 100, decode: decoder.decode });
    const [a, b, c] = await Promise.all(photos.slice(0, 3).map((bytes) => gate.check(bytes)));
    const gone = new AbortController();
    const first = gate.read(a as CheckedPhoto);
    const left = gate.read(b as CheckedPhoto, gone.signal);
    const third = gate.read(c as CheckedPhoto);
    gone.abort(new Error("the client closed the connection"));
    const dropped = await refusal(left);
    expect(dropped.statusCode).toBe(400);
    expect(dropped.message).toBe("The connection closed before the photo was read.");
    decoder.finish[0]?.();
    await first;
    await settle();
    decoder.finish[1]?.();
    await third;
    expect(decoder.started).toEqual([a, c]);
  });

  it("answers 429 busy with Retry-After when its line of waiting photos is full", async () => {
    const decoder = manualDecoder();
    const gate = new PhotoGate({ perMinute: 100, waiting: 2, decode: decoder.decode });
    const [a, b, c, d] = await Promise.all(photos.map((bytes) => gate.check(bytes)));
    const admitted = [a, b, c].map((photo) => gate.read(photo as CheckedPhoto));
    const busy = await refusal(gate.read(d as CheckedPhoto));
    expect(busy.statusCode).toBe(429);
    expect(busy.code).toBe("rate_limited");
    expect(busy.message).toBe("Tendril is busy reading other photos. Try again in a few seconds.");
    expect(busy.headers).toEqual({ "retry-after": "5" });
    for (let at = 0; at < 3; at++) {
      await settle();
      decoder.finish[at]?.();
    }
    await Promise.all(admitted);
    expect(decoder.started).toEqual([a, b, c]);
  });

  it("refuses a photo past 40 megapixels from its header, before any decoding", async () => {
    const decoder = manualDecoder();
    const gate = new PhotoGate({ perMinute: 100, decode: decoder.decode });
    const tooBig = await refusal(gate.process(pngBomb(8000, 5001)));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.message).toBe(
      "That photo is 8000 × 5001 pixels (40 megapixels); Tendril takes photos up to 40 " +
        "megapixels: send a smaller copy (a phone can share a photo at a smaller size).",
    );
    const bomb = await refusal(gate.process(pngBomb(9000, 9000)));
    expect(bomb.message).toMatch(/^That photo is 9000 × 9000 pixels \(81 megapixels\);/);
    expect(decoder.started).toEqual([]);
    // Exactly 40 megapixels is taken.
    expect((await gate.check(pngBomb(8000, 5000))).type).toBe("png");
  });
});
