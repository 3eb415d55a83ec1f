import { describe, expect, it, vi } from "vitest";
import {
  createOutboundClient,
  OutboundCallFailed,
  type OutboundClient,
  type OutboundRequest,
} from "../../lib/outbound-client";
import { createWebPushSender, generateVapidKeys } from "./web-push-sender";

describe("createWebPushSender", () => {
  it("does not send to an endpoint that now resolves to a private address", async () => {
    const log = { warn: vi.fn() };
    const resolve = vi.fn(async () => [{ address: "10.0.0.7", family: 4 }]);
    const sender = createWebPushSender({
      keys: generateVapidKeys(),
      subject: "mailto:ops@example.com",
      log: log as never,
      outbound: createOutboundClient({ allowPrivate: false, resolve }),
    });
    const target = {
      endpoint: "https://push.example.com/send/secret",
      p256dh:
        "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
      auth: "tBHItJI5svbpez7KI4CCXg",
    };
    expect(await sender.send(target, "{}")).toBe("failed");
    expect(resolve).toHaveBeenCalledWith("push.example.com");
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ host: "push.example.com" }),
      expect.stringContaining("reminder not sent"),
    );
  });
});

describe("createWebPushSender through the outbound client", () => {
  const target = {
    endpoint: "https://push.example.com/send/secret",
    p256dh:
      "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
    auth: "tBHItJI5svbpez7KI4CCXg",
  };
  /** A client that answers `status` (or throws it) and records what it was asked to send. */
  function senderAnswering(answer: number | Error) {
    const sent: { url: string; request: OutboundRequest }[] = [];
    const outbound: OutboundClient = {
      check: async () => {},
      send: async (url, request) => {
        sent.push({ url, request });
        if (answer instanceof Error) throw answer;
        return answer;
      },
    };
    const log = { warn: vi.fn() };
    const sender = createWebPushSender({
      keys: generateVapidKeys(),
      subject: "mailto:ops@example.com",
      log: log as never,
      outbound,
    });
    return { sender, sent, log };
  }

  it("sends the encrypted, signed message to the endpoint, https only", async () => {
    const { sender, sent } = senderAnswering(201);
    expect(await sender.send(target, '{"title":"Water"}')).toBe("sent");
    const [call] = sent;
    expect(call?.url).toBe(target.endpoint);
    expect(call?.request).toMatchObject({ protocols: ["https:"], method: "POST" });
    expect(call?.request.headers).toMatchObject({
      "Content-Encoding": "aes128gcm",
      TTL: "43200",
      Urgency: "normal",
      Authorization: expect.stringMatching(/^vapid t=.+, k=.+$/),
    });
    // Encrypted: the payload's text is not in the body.
    expect(Buffer.from(call?.request.body ?? "").toString("latin1")).not.toContain("Water");
  });

  it.each([
    [410, "gone"],
    [404, "gone"],
    [500, "failed"],
    [429, "failed"],
  ] as const)("answers %s as %s", async (status, outcome) => {
    expect(await senderAnswering(status).sender.send(target, "{}")).toBe(outcome);
  });

  it("logs the host, not the endpoint's secret path, when the service cannot be reached", async () => {
    const { sender, log } = senderAnswering(
      new OutboundCallFailed("push.example.com did not answer within 10 s."),
    );
    expect(await sender.send(target, "{}")).toBe("failed");
    expect(log.warn).toHaveBeenCalledWith(
      { host: "push.example.com", reason: "push.example.com did not answer within 10 s." },
      expect.any(String),
    );
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain("secret");
  });
});
