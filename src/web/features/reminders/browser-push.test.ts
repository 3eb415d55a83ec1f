import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  base64UrlToBytes,
  disablePush,
  enablePush,
  type PushEnvironment,
  PushSetupError,
  pushProblem,
  SUBSCRIBE_TIMEOUT_MS,
} from "./browser-push";

const PUBLIC_KEY =
  "BOr9Yx2m2cX1S9b6Jx4b6VJc0Q2mJQ3b0bL8p8Qm3x4f9a7c9X1dQyP0t6m1v8n2k5j3h4g6f7d8s9a0z1x2c3v4";
const SUBSCRIPTION_JSON = {
  endpoint: "https://push.example/send/abc",
  expirationTime: null,
  keys: { p256dh: "p256dh-key", auth: "auth-secret" },
};

const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

function fakeSubscription(key: Uint8Array | null = base64UrlToBytes(PUBLIC_KEY)) {
  return {
    endpoint: SUBSCRIPTION_JSON.endpoint,
    options: { applicationServerKey: key ? key.buffer : null },
    toJSON: () => SUBSCRIPTION_JSON,
    unsubscribe: vi.fn(async () => true),
  };
}

function fakeEnvironment({
  permission = "default" as NotificationPermission,
  answer = "granted" as NotificationPermission,
  existing = null as ReturnType<typeof fakeSubscription> | null,
  subscribe = async () => fakeSubscription(),
}: {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  existing?: ReturnType<typeof fakeSubscription> | null;
  subscribe?: (options: PushSubscriptionOptionsInit) => Promise<unknown>;
} = {}) {
  const pushManager = {
    getSubscription: vi.fn(async () => existing),
    subscribe: vi.fn(subscribe),
  };
  const registration = { pushManager };
  const requestPermission = vi.fn(async () => answer);
  const env = {
    isSecureContext: true,
    hasPushManager: true,
    serviceWorker: {
      ready: Promise.resolve(registration),
      getRegistration: async () => registration,
    } as unknown as ServiceWorkerContainer,
    notification: { permission, requestPermission } as unknown as PushEnvironment["notification"],
  } satisfies PushEnvironment;
  return { env, pushManager, requestPermission };
}

describe("browser notifications", () => {
  const fetchMock = vi.fn<typeof fetch>();
  const calls = () =>
    fetchMock.mock.calls.map(([url, init]) => [
      init?.method,
      String(url),
      init?.body ? JSON.parse(String(init.body)) : undefined,
    ]);

  beforeEach(() => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === "/api/push/public-key") return json(200, { publicKey: PUBLIC_KEY });
      if (url === "/api/push/subscriptions" && init?.method === "POST") return json(201, null);
      if (url === "/api/push/subscriptions" && init?.method === "DELETE") return json(204);
      return json(404, { error: { code: "not_found", message: "Not found." } });
    });
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it("asks permission, subscribes with the server's key and saves the subscription", async () => {
    const { env, pushManager, requestPermission } = fakeEnvironment();
    await enablePush(env);
    expect(requestPermission).toHaveBeenCalledOnce();
    const options = pushManager.subscribe.mock.calls[0]?.[0];
    expect(options?.userVisibleOnly).toBe(true);
    expect(options?.applicationServerKey).toEqual(base64UrlToBytes(PUBLIC_KEY));
    expect(calls()).toEqual([
      ["GET", "/api/push/public-key", undefined],
      ["POST", "/api/push/subscriptions", SUBSCRIPTION_JSON],
    ]);
  });

  it("does not ask again once notifications are allowed, and reuses a subscription", async () => {
    const existing = fakeSubscription();
    const { env, pushManager, requestPermission } = fakeEnvironment({
      permission: "granted",
      existing,
    });
    await enablePush(env);
    expect(requestPermission).not.toHaveBeenCalled();
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls().at(-1)).toEqual(["POST", "/api/push/subscriptions", SUBSCRIPTION_JSON]);
  });

  it("replaces a subscription made with another key", async () => {
    const existing = fakeSubscription(new Uint8Array([1, 2, 3]));
    const { env, pushManager } = fakeEnvironment({ permission: "granted", existing });
    await enablePush(env);
    expect(existing.unsubscribe).toHaveBeenCalled();
    expect(pushManager.subscribe).toHaveBeenCalledOnce();
  });

  it("says so when permission is refused or the prompt is dismissed", async () => {
    const denied = fakeEnvironment({ answer: "denied" });
    await expect(enablePush(denied.env)).rejects.toMatchObject({ problem: "denied" });
    const dismissed = fakeEnvironment({ answer: "default" });
    await expect(enablePush(dismissed.env)).rejects.toMatchObject({ problem: "dismissed" });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("explains a browser without a push service, quoting what it said", async () => {
    const { env } = fakeEnvironment({
      subscribe: async () => {
        throw new DOMException("Registration failed - permission denied", "AbortError");
      },
    });
    const error = await enablePush(env).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PushSetupError);
    expect((error as PushSetupError).problem).toBe("push-service");
    expect((error as Error).message).toMatch(/couldn't sign up with its push service/);
    expect((error as Error).message).toContain("Registration failed - permission denied");
    expect(calls().map((c) => c[1])).toEqual(["/api/push/public-key"]);
  });

  it("gives up on a push service that never answers", async () => {
    vi.useFakeTimers();
    try {
      const { env } = fakeEnvironment({ subscribe: () => new Promise(() => undefined) });
      const outcome = enablePush(env).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(SUBSCRIBE_TIMEOUT_MS);
      const error = await outcome;
      expect(error).toMatchObject({ problem: "push-service" });
      expect((error as Error).message).toContain("no answer from the push service in 20 seconds");
    } finally {
      vi.useRealTimers();
    }
  });

  it("drops a new subscription the server could not save", async () => {
    const created = fakeSubscription();
    const { env } = fakeEnvironment({ subscribe: async () => created });
    fetchMock.mockImplementation(async (input) =>
      String(input) === "/api/push/public-key"
        ? json(200, { publicKey: PUBLIC_KEY })
        : json(400, { error: { code: "invalid_request", message: "keys.p256dh is bad." } }),
    );
    await expect(enablePush(env)).rejects.toMatchObject({ problem: "server" });
    expect(created.unsubscribe).toHaveBeenCalled();
  });

  it("knows a browser that cannot do push before asking anything", () => {
    const base = fakeEnvironment().env;
    expect(pushProblem({ ...base, isSecureContext: false })).toBe("insecure");
    expect(pushProblem({ ...base, hasPushManager: false })).toBe("unsupported");
    expect(pushProblem({ ...base, serviceWorker: undefined })).toBe("unsupported");
    expect(pushProblem(fakeEnvironment({ permission: "denied" }).env)).toBe("denied");
    expect(pushProblem(base)).toBeNull();
  });

  it("turning off tells the server and unsubscribes the browser", async () => {
    const existing = fakeSubscription();
    const { env } = fakeEnvironment({ permission: "granted", existing });
    expect(await disablePush(env)).toEqual({ serverForgot: true });
    expect(calls()).toEqual([
      ["DELETE", "/api/push/subscriptions", { endpoint: SUBSCRIPTION_JSON.endpoint }],
    ]);
    expect(existing.unsubscribe).toHaveBeenCalled();
  });

  it("turning off still unsubscribes the browser when the server cannot be reached", async () => {
    const existing = fakeSubscription();
    const { env } = fakeEnvironment({ permission: "granted", existing });
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    expect(await disablePush(env)).toEqual({ serverForgot: false });
    expect(existing.unsubscribe).toHaveBeenCalled();
  });
});
