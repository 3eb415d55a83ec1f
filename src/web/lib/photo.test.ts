import { describe, expect, it } from "vitest";
import { PHOTO_MAX_BYTES as CORE_PHOTO_MAX_BYTES } from "../../core/schemas/identification";
import { HttpError } from "./api-client";
import { formatBytes, PHOTO_MAX_BYTES, photoProblem, photoUploadError } from "./photo";

describe("photo checks", () => {
  it("checks the same limit as the server", () => {
    expect(PHOTO_MAX_BYTES).toBe(CORE_PHOTO_MAX_BYTES);
  });

  it("takes a photo of exactly 10 MB and refuses one byte more (spec §9)", () => {
    expect(photoProblem({ size: PHOTO_MAX_BYTES, type: "image/jpeg" })).toBeNull();
    expect(photoProblem({ size: PHOTO_MAX_BYTES + 1, type: "image/jpeg" })).toBe(
      "This photo is 10.1 MB. Choose one up to 10MB.",
    );
  });

  it("refuses files that are not images or are empty, and leaves typeless ones to the server", () => {
    expect(photoProblem({ size: 10, type: "text/plain" })).toBe(
      "That file is not a photo. Choose a JPEG or PNG up to 10MB.",
    );
    expect(photoProblem({ size: 0, type: "image/png" })).toMatch(/empty/);
    expect(photoProblem({ size: 2048, type: "" })).toBeNull();
    expect(photoProblem({ size: 2048, type: "image/heic" })).toBeNull();
  });

  it("formats sizes for people", () => {
    expect(formatBytes(850 * 1024)).toBe("850 KB");
    expect(formatBytes(2.4 * 1024 * 1024)).toBe("2.4 MB");
  });

  it("shows the server's words for 413, 415 and 429 only", () => {
    const body = (message: string) => JSON.stringify({ error: { code: "x", message } });
    const accepted = "Send a JPEG, PNG or WebP photo.";
    expect(photoUploadError(new HttpError(415, body(accepted)), "fallback")).toBe(accepted);
    expect(photoUploadError(new HttpError(413, body("Up to 10 MB.")), "fallback")).toBe(
      "Up to 10 MB.",
    );
    const wait = "3 photos a minute can be identified: try the next one in 20 seconds.";
    expect(photoUploadError(new HttpError(429, body(wait)), "fallback")).toBe(wait);
    expect(photoUploadError(new HttpError(500, body("boom")), "fallback")).toBe("fallback");
    expect(photoUploadError(new TypeError("Failed to fetch"), "fallback")).toBe("fallback");
  });
});
