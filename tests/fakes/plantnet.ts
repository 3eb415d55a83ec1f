import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { serveOnLoopback } from "./loopback-server";

/**
 * A fake Pl@ntNet identification API v2 on loopback: POST /v2/identify/{project}?api-key=…, a
 * multipart/form-data body of `images` files and matching `organs` values, checked and answered
 * like the real service (Pl@ntNet's examples in github.com/plantnet/my.plantnet): 401 without the
 * right key, 400 for a missing or unreadable image or a bad organ, 404 "Species not found" when
 * told nothing matches, 200 with `results` (at most `nb-results`) otherwise. Errors use the real
 * service's JSON `{ statusCode, error, message }`. Every request that reached the route is
 * recorded, with the image bytes as received.
 */

export interface PlantNetSpecies {
  scientificNameWithoutAuthor: string;
  scientificNameAuthorship: string;
  genus: string;
  family: string;
  commonNames: string[];
  score: number;
}

export type PlantNetBehaviour =
  | { kind: "identify"; results: PlantNetSpecies[] }
  /** Pl@ntNet's answer when no species matches (also its reject class for non-plants). */
  | { kind: "not-found" }
  | { kind: "fail"; status: number; message?: string }
  /** Headers and body never come: the client has to time out. */
  | { kind: "hang" }
  /** 200 with a body that is not JSON. */
  | { kind: "malformed" }
  /** 200 with JSON of another shape. */
  | { kind: "body"; body: unknown };

export interface PlantNetImage {
  bytes: Buffer;
  /** The part's Content-Type. */
  type: string;
  filename: string;
}

export interface PlantNetRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  images: PlantNetImage[];
  organs: string[];
}

export interface FakePlantNet {
  /** What PLANTNET_BASE_URL would be: http://127.0.0.1:<port>. */
  url: string;
  /** The only key accepted. */
  apiKey: string;
  behaviour: PlantNetBehaviour;
  requests: PlantNetRequest[];
  /** Back to the default answer, requests forgotten. */
  reset(): void;
  close(): Promise<void>;
}

const species = (
  name: string,
  authorship: string,
  family: string,
  commonNames: string[],
  score: number,
): PlantNetSpecies => ({
  scientificNameWithoutAuthor: name,
  scientificNameAuthorship: authorship,
  genus: name.split(" ")[0] ?? name,
  family,
  commonNames,
  score,
});

/** A basil leaf, as Pl@ntNet answers for one. */
export const BASIL: PlantNetBehaviour = {
  kind: "identify",
  results: [
    species("Ocimum basilicum", "L.", "Lamiaceae", ["Basil", "Sweet basil"], 0.86214),
    species("Ocimum americanum", "L.", "Lamiaceae", ["Hoary basil"], 0.04391),
    species("Ocimum tenuiflorum", "L.", "Lamiaceae", ["Holy basil", "Tulsi"], 0.02177),
    species("Ocimum gratissimum", "L.", "Lamiaceae", ["African basil"], 0.01002),
    species("Mentha spicata", "L.", "Lamiaceae", ["Spearmint"], 0.00581),
    species("Melissa officinalis", "L.", "Lamiaceae", ["Lemon balm"], 0.00312),
  ],
};

const ORGANS = new Set(["auto", "leaf", "flower", "fruit", "bark", "habit", "other"]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

const REASONS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  404: "Not Found",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

function sendError(res: ServerResponse, status: number, message: string) {
  sendJson(res, status, { statusCode: status, error: REASONS[status] ?? "Error", message });
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** Parses multipart/form-data with the platform's own parser (undici), as a server would. */
async function readForm(
  req: IncomingMessage,
  raw: Buffer,
): Promise<{ images: PlantNetImage[]; organs: string[] } | null> {
  const type = req.headers["content-type"] ?? "";
  if (!type.startsWith("multipart/form-data")) return null;
  try {
    const form = await new Response(new Uint8Array(raw), {
      headers: { "content-type": type },
    }).formData();
    const images: PlantNetImage[] = [];
    for (const value of form.getAll("images")) {
      if (typeof value === "string") continue;
      images.push({
        bytes: Buffer.from(await value.arrayBuffer()),
        type: value.type,
        filename: (value as File).name,
      });
    }
    const organs = form.getAll("organs").filter((value) => typeof value === "string");
    return { images, organs };
  } catch {
    return null;
  }
}

function identifyBody(
  behaviour: PlantNetBehaviour & { kind: "identify" },
  project: string,
  query: URLSearchParams,
  organs: string[],
) {
  const limit = Number(query.get("nb-results") ?? 0) || behaviour.results.length;
  const results = [...behaviour.results]
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((s, i) => ({
      score: s.score,
      species: {
        scientificNameWithoutAuthor: s.scientificNameWithoutAuthor,
        scientificNameAuthorship: s.scientificNameAuthorship,
        genus: {
          scientificNameWithoutAuthor: s.genus,
          scientificNameAuthorship: "",
          scientificName: s.genus,
        },
        family: {
          scientificNameWithoutAuthor: s.family,
          scientificNameAuthorship: "",
          scientificName: s.family,
        },
        commonNames: s.commonNames,
        scientificName: `${s.scientificNameWithoutAuthor} ${s.scientificNameAuthorship}`,
      },
      gbif: { id: String(2926000 + i) },
      powo: { id: `${450000 + i}-1` },
    }));
  const best = results[0]?.species.scientificName ?? "";
  return {
    query: {
      project,
      images: ["1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d"],
      organs,
      includeRelatedImages: false,
      noReject: false,
    },
    predictedOrgans: [
      {
        image: "1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d",
        filename: "photo.jpg",
        organ: "leaf",
        score: 0.93,
      },
    ],
    language: query.get("lang") ?? "en",
    preferedReferential: "k-world-flora",
    bestMatch: best,
    results,
    version: "2025-01-17 (7.3)",
    remainingIdentificationRequests: 497,
  };
}

export async function startFakePlantNet(
  options: { apiKey?: string; behaviour?: PlantNetBehaviour } = {},
): Promise<FakePlantNet> {
  const initial = options.behaviour ?? BASIL;
  const requests: PlantNetRequest[] = [];

  const fake: FakePlantNet = {
    url: "",
    apiKey: options.apiKey ?? "fake-plantnet-key",
    behaviour: initial,
    requests,
    reset() {
      fake.behaviour = initial;
      requests.length = 0;
    },
    close: async () => {},
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const route = /^\/v2\/identify\/([a-z0-9-]+)$/.exec(url.pathname);
    if (!route || req.method !== "POST") return sendError(res, 404, "Not Found");
    const project = route[1] as string;
    const raw = await readBody(req);
    const form = await readForm(req, raw);
    requests.push({
      method: req.method,
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      images: form?.images ?? [],
      organs: form?.organs ?? [],
    });

    if (url.searchParams.get("api-key") !== fake.apiKey) {
      return sendError(res, 401, "Invalid API key.");
    }
    if (!form) return sendError(res, 400, "Expected multipart/form-data");
    if (form.images.length === 0) return sendError(res, 400, '"images" is required');
    if (form.images.length > 5) return sendError(res, 400, "Too many images (max. 5)");
    if (form.organs.length > 0 && form.organs.length !== form.images.length) {
      return sendError(res, 400, "Images and organs must have the same length");
    }
    const badOrgan = form.organs.find((organ) => !ORGANS.has(organ));
    if (badOrgan) return sendError(res, 400, `Unknown organ: ${badOrgan}`);
    for (const image of form.images) {
      if (!(image.bytes.subarray(0, 3).equals(JPEG) || image.bytes.subarray(0, 4).equals(PNG))) {
        return sendError(res, 400, "Unsupported file type for image (jpeg or png expected)");
      }
    }

    const behaviour = fake.behaviour;
    switch (behaviour.kind) {
      case "hang":
        return;
      case "not-found":
        return sendError(res, 404, "Species not found");
      case "fail":
        return sendError(res, behaviour.status, behaviour.message ?? "Internal Server Error");
      case "malformed":
        res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
        res.end('{"query": {"project": "all"}, "results": [{"score": 0.8');
        return;
      case "body":
        return sendJson(res, 200, behaviour.body);
      case "identify":
        return sendJson(res, 200, identifyBody(behaviour, project, url.searchParams, form.organs));
    }
  };

  const served = await serveOnLoopback(handle, (res, error) => sendError(res, 500, String(error)));
  fake.url = served.url;
  fake.close = served.close;
  return fake;
}
