import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  apiBases,
  apiRequest,
  HttpError,
  NetworkError,
  pathVariants,
  timeZone,
} from "./api-client";
import { connectivity } from "./connectivity";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("api client", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal("fetch", fetchMock);
    connectivity.setDegraded(false);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it("tries the build-time base, the stored mp.apiBase, then same origin", () => {
    expect(apiBases()).toEqual([""]);
    localStorage.setItem("mp.apiBase", "https://stored.example/");
    vi.stubEnv("VITE_API_BASE", "https://built.example");
    expect(apiBases()).toEqual(["https://built.example", "https://stored.example", ""]);
  });

  it("tries three path variants for the application API only", () => {
    expect(pathVariants("/api/gardening/weather?location=x")).toEqual([
      "/api/gardening/weather?location=x",
      "/functions/api/gardening/weather?location=x",
      "/gardening/weather?location=x",
    ]);
    expect(pathVariants("/api/me")).toEqual(["/api/me"]);
  });

  it("moves on to the next base when one cannot be reached", async () => {
    localStorage.setItem("mp.apiBase", "https://down.example");
    fetchMock
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValueOnce(json(200, { ok: 1 }));
    expect(await apiRequest("/api/me")).toEqual({ ok: 1 });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      "https://down.example/api/me",
      "/api/me",
    ]);
  });

  it("raises 'HTTP {status} {body}' for a non-OK answer and keeps the server's message", async () => {
    const body = { error: { code: "invalid_request", message: "Enter a display name." } };
    fetchMock.mockResolvedValueOnce(json(400, body));
    const error = await apiRequest("/api/me", { method: "PATCH", body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe(`HTTP 400 ${JSON.stringify(body)}`);
    expect((error as HttpError).serverMessage).toBe("Enter a display name.");
    expect(connectivity.get().degraded).toBe(false);
  });

  it("names the path and every base tried when all fail, and sets the degraded flag", async () => {
    localStorage.setItem("mp.apiBase", "https://down.example");
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    const error = await apiRequest("/api/me").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe(
      "Network error while fetching /api/me (tried bases: https://down.example, same origin)",
    );
    expect(connectivity.get().degraded).toBe(true);
    expect(window.__tendrilTelemetry?.at(-1)).toMatchObject({ kind: "network" });
  });

  it("sets degraded on a 5xx and clears it on the next good answer", async () => {
    fetchMock.mockResolvedValueOnce(
      json(503, { error: { code: "upstream_unavailable", message: "x" } }),
    );
    await expect(apiRequest("/api/me")).rejects.toBeInstanceOf(HttpError);
    expect(connectivity.get().degraded).toBe(true);
    fetchMock.mockResolvedValueOnce(json(200, {}));
    await apiRequest("/api/me");
    expect(connectivity.get().degraded).toBe(false);
  });

  it("keeps degraded off when Tendril answers that a service it relies on failed (502 in its words)", async () => {
    fetchMock.mockResolvedValueOnce(
      json(502, { error: { code: "upstream_unavailable", message: "Weather is down." } }),
    );
    const error = await apiRequest("/api/gardening/weather").catch((e: unknown) => e);
    expect((error as HttpError).serverMessage).toBe("Weather is down.");
    expect(connectivity.get().degraded).toBe(false);
    expect(window.__tendrilTelemetry?.at(-1)).toMatchObject({ kind: "dependency" });
  });

  it("sets degraded on Tendril's own 500, and on a 502 that is not in Tendril's words (a proxy)", async () => {
    fetchMock.mockResolvedValueOnce(
      json(500, { error: { code: "internal", message: "Something went wrong on our side." } }),
    );
    await expect(apiRequest("/api/me")).rejects.toBeInstanceOf(HttpError);
    expect(connectivity.get().degraded).toBe(true);
    connectivity.setDegraded(false);
    fetchMock.mockResolvedValueOnce(
      new Response("<html>502 Bad Gateway</html>", {
        status: 502,
        headers: { "content-type": "text/html" },
      }),
    );
    await expect(apiRequest("/api/me")).rejects.toBeInstanceOf(HttpError);
    expect(connectivity.get().degraded).toBe(true);
    expect(window.__tendrilTelemetry?.at(-1)).toMatchObject({ kind: "api" });
  });

  it("clears degraded when a dependency's 502 follows Tendril's own failure: Tendril answers again", async () => {
    connectivity.setDegraded(true);
    fetchMock.mockResolvedValueOnce(
      json(502, { error: { code: "upstream_unavailable", message: "Weather is down." } }),
    );
    await expect(apiRequest("/api/gardening/weather")).rejects.toBeInstanceOf(HttpError);
    expect(connectivity.get().degraded).toBe(false);
  });

  it("skips a variant answered by some other site's page, not our API", async () => {
    fetchMock
      .mockResolvedValueOnce(
        new Response("<html>not found</html>", {
          status: 404,
          headers: { "content-type": "text/html" },
        }),
      )
      .mockResolvedValueOnce(
        new Response("<html>app</html>", { status: 200, headers: { "content-type": "text/html" } }),
      )
      .mockResolvedValueOnce(json(200, { temperature: 20 }));
    expect(await apiRequest("/api/gardening/weather")).toEqual({ temperature: 20 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("stops at the caller's own abort instead of trying the next base", async () => {
    localStorage.setItem("mp.apiBase", "https://stored.example");
    const caller = new AbortController();
    fetchMock.mockImplementationOnce(async () => {
      caller.abort(new DOMException("Left the page.", "AbortError"));
      throw caller.signal.reason;
    });
    const error = await apiRequest("/api/me", { signal: caller.signal }).catch((e: unknown) => e);
    expect((error as DOMException).message).toBe("Left the page.");
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(connectivity.get().degraded).toBe(false);
  });

  it("sends JSON bodies and credentials only across origins", async () => {
    localStorage.setItem("mp.apiBase", "https://api.example");
    fetchMock.mockResolvedValueOnce(json(200, {}));
    await apiRequest("/api/me", { method: "PATCH", body: { units: "F" } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init).toMatchObject({ method: "PATCH", body: '{"units":"F"}', credentials: "include" });
    expect(init?.headers).toMatchObject({
      "content-type": "application/json",
      "x-timezone": Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it("names the time zone in the tz cookie on its own origin, never in a header", async () => {
    fetchMock.mockResolvedValueOnce(json(200, {}));
    await apiRequest("/api/tasks");
    const init = fetchMock.mock.calls[0]?.[1];
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/tasks");
    // A custom header would keep the browser from reusing the page's preloaded answer.
    expect(init?.headers).not.toHaveProperty("x-timezone");
    expect(init?.credentials).toBe("same-origin");
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(document.cookie).toContain(`tz=${encodeURIComponent(zone)}`);
  });

  it("sends a FormData body as multipart, leaving its content-type to the browser", async () => {
    fetchMock.mockResolvedValueOnce(json(200, {}));
    const form = new FormData();
    form.append("image", new Blob(["x"], { type: "image/png" }), "leaf.png");
    await apiRequest("/api/plants/p1/photo", { method: "PUT", body: form });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(init?.method).toBe("PUT");
    expect(init?.headers).not.toHaveProperty("content-type");
  });
});

describe("the time zone each request carries", () => {
  const real = Intl.DateTimeFormat;
  let lookups = 0;
  const zoneIs = (zone: string) => {
    Intl.DateTimeFormat = Object.assign(
      () => {
        lookups++;
        return { resolvedOptions: () => ({ timeZone: zone }) };
      },
      { supportedLocalesOf: real.supportedLocalesOf },
    ) as unknown as typeof Intl.DateTimeFormat;
  };
  afterEach(() => {
    Intl.DateTimeFormat = real;
  });

  it("is looked up once a minute, not once a request, and follows a change of zone", () => {
    // Past any look-up the tests above made.
    const start = Date.now() + 3_600_000;
    zoneIs("Europe/London");
    expect(timeZone(start)).toBe("Europe/London");
    zoneIs("Asia/Tokyo");
    const before = lookups;
    expect(timeZone(start + 59_000)).toBe("Europe/London");
    expect(lookups).toBe(before);
    expect(timeZone(start + 61_000)).toBe("Asia/Tokyo");
    expect(lookups).toBe(before + 1);
  });

  it("writes each new zone to the tz cookie", () => {
    const start = Date.now() + 7_200_000;
    zoneIs("America/Argentina/Buenos_Aires");
    timeZone(start);
    expect(document.cookie).toContain("tz=America%2FArgentina%2FBuenos_Aires");
    zoneIs("Pacific/Auckland");
    timeZone(start + 61_000);
    expect(document.cookie).toContain("tz=Pacific%2FAuckland");
    expect(document.cookie).not.toContain("Buenos_Aires");
  });
});
