import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { serveOnLoopback } from "./loopback-server";

/**
 * A fake Plant.id API v3 (kindwise) on loopback: POST /api/v3/identification, checked and answered
 * like the real service (kindwise's v3 docs and Python SDK; error texts from plant-id-examples'
 * "Common API error responses"): 401 without the right `Api-Key` header, 400 for a body that is
 * not JSON or has no decodable image, 201 with a full identification otherwise. Suggestion
 * `details` carry only what the `details` query parameter asked for, as the real API does.
 * Every request that reached the route is recorded, the decoded image included.
 */

export interface PlantIdSpecies {
  name: string;
  probability: number;
  /** null, as Plant.id sends when it knows no common name. */
  commonNames: string[] | null;
}

export type PlantIdBehaviour =
  /** A completed identification. `isPlant` is result.is_plant.probability (threshold 0.5). */
  | { kind: "identify"; isPlant: number; suggestions: PlantIdSpecies[] }
  /** An HTTP error with Plant.id's plain-text error body. */
  | { kind: "fail"; status: number; message?: string }
  /** Headers and body never come: the client has to time out. */
  | { kind: "hang" }
  /** 201 with a body that is not JSON. */
  | { kind: "malformed" }
  /** 201 with JSON of another shape. */
  | { kind: "body"; body: unknown };

export interface PlantIdRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  body: unknown;
  /** The first image, decoded from base64 (data URL prefix removed); null when absent. */
  image: Buffer | null;
}

export interface FakePlantId {
  /** What PLANT_ID_BASE_URL would be: http://127.0.0.1:<port>. */
  url: string;
  /** The only key accepted. */
  apiKey: string;
  behaviour: PlantIdBehaviour;
  requests: PlantIdRequest[];
  /** Back to the default answer, requests forgotten. */
  reset(): void;
  close(): Promise<void>;
}

/** A tomato photo, as Plant.id answers for one (figures from a real v3 reply's shape). */
export const TOMATO: PlantIdBehaviour = {
  kind: "identify",
  isPlant: 0.99,
  suggestions: [
    { name: "Solanum lycopersicum", probability: 0.9412, commonNames: ["tomato", "garden tomato"] },
    { name: "Solanum pimpinellifolium", probability: 0.0311, commonNames: ["currant tomato"] },
    { name: "Physalis philadelphica", probability: 0.0107, commonNames: null },
  ],
};

const KNOWN_DETAILS = new Set([
  "common_names",
  "url",
  "description",
  "wiki_description",
  "taxonomy",
  "rank",
  "gbif_id",
  "inaturalist_id",
  "image",
  "synonyms",
  "edible_parts",
  "watering",
  "propagation_methods",
]);

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

function sendText(res: ServerResponse, status: number, text: string) {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
  res.end(text);
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

async function readText(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString("utf8");
}

/** The first image as the real API reads it: base64, optionally as a data URL. */
function decodeImage(value: unknown): Buffer | null {
  if (typeof value !== "string") return null;
  const base64 = value.replace(/^data:image\/[a-z+.-]+;base64,/i, "");
  if (!BASE64.test(base64) || base64.length % 4 !== 0) return null;
  return Buffer.from(base64, "base64");
}

let nextToken = 0;

function detailsFor(species: PlantIdSpecies, asked: string[], entityId: string) {
  const slug = species.name.replaceAll(" ", "_");
  const all: Record<string, unknown> = {
    common_names: species.commonNames,
    url: `https://en.wikipedia.org/wiki/${slug}`,
    wiki_description: {
      value: `${species.name} is a species of flowering plant.`,
      citation: `https://en.wikipedia.org/wiki/${slug}`,
      license_name: "CC BY-SA 3.0",
      license_url: "https://creativecommons.org/licenses/by-sa/3.0/",
    },
    taxonomy: {
      class: "Magnoliopsida",
      genus: species.name.split(" ")[0],
      order: "Solanales",
      family: "Solanaceae",
      phylum: "Tracheophyta",
      kingdom: "Plantae",
    },
  };
  return {
    ...Object.fromEntries(asked.filter((name) => name in all).map((name) => [name, all[name]])),
    language: "en",
    entity_id: entityId,
  };
}

function identification(
  behaviour: PlantIdBehaviour & { kind: "identify" },
  query: URLSearchParams,
  body: Record<string, unknown>,
) {
  const asked = (query.get("details") ?? "").split(",").filter(Boolean);
  const token = `fake${String(nextToken++).padStart(11, "0")}`;
  const created = Date.now() / 1000;
  const suggestions = [...behaviour.suggestions]
    .sort((a, b) => b.probability - a.probability)
    .map((species, i) => {
      const id = `4ba05f10504817${i.toString(16).padStart(2, "0")}`;
      return {
        id,
        name: species.name,
        probability: species.probability,
        ...(body.similar_images === true
          ? {
              similar_images: [
                {
                  id: `${id}0000`,
                  url: `https://plant-id.ams3.cdn.digitaloceanspaces.com/similar_images/3/${id}.jpeg`,
                  similarity: 0.71,
                  url_small: `https://plant-id.ams3.cdn.digitaloceanspaces.com/similar_images/3/${id}.small.jpeg`,
                },
              ],
            }
          : {}),
        details: detailsFor(species, asked, id),
      };
    });
  return {
    access_token: token,
    model_version: "plant_id:5.0.0",
    custom_id: null,
    input: {
      latitude: null,
      longitude: null,
      similar_images: body.similar_images === true,
      images: [`https://plant.id/media/imgs/${token}.jpg`],
      datetime: new Date(created * 1000).toISOString(),
    },
    result: {
      is_plant: {
        probability: behaviour.isPlant,
        threshold: 0.5,
        binary: behaviour.isPlant >= 0.5,
      },
      classification: { suggestions },
    },
    status: "COMPLETED",
    sla_compliant_client: true,
    sla_compliant_system: true,
    created,
    completed: created + 0.8,
  };
}

export async function startFakePlantId(
  options: { apiKey?: string; behaviour?: PlantIdBehaviour } = {},
): Promise<FakePlantId> {
  const initial = options.behaviour ?? TOMATO;
  const requests: PlantIdRequest[] = [];

  const fake: FakePlantId = {
    url: "",
    apiKey: options.apiKey ?? "fake-plant-id-key",
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
    if (url.pathname !== "/api/v3/identification") {
      return sendText(res, 404, "API endpoint not found. Please check documentation.");
    }
    if (req.method !== "POST") return sendText(res, 405, "Method Not Allowed");
    const text = await readText(req);
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // recorded as text; answered below
    }
    const images =
      body && typeof body === "object" ? (body as { images?: unknown }).images : undefined;
    const image = Array.isArray(images) ? decodeImage(images[0]) : null;
    requests.push({
      method: req.method,
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
      image,
    });

    const key = req.headers["api-key"];
    if (!key) return sendText(res, 401, "No api key provided.");
    if (key !== fake.apiKey) return sendText(res, 401, "The specified api key not found.");
    if (!String(req.headers["content-type"] ?? "").startsWith("application/json")) {
      return sendText(res, 400, "Missing json data");
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      return sendText(res, 400, "Invalid json data");
    }
    if (!Array.isArray(images) || images.length === 0) {
      return sendText(res, 400, "Missing image data");
    }
    if (!images.every((item) => typeof item === "string")) {
      return sendText(res, 400, "Images have to be list of base64 strings");
    }
    if (!image || !(image.subarray(0, 3).equals(JPEG) || image.subarray(0, 4).equals(PNG))) {
      return sendText(res, 400, "Invalid base64 image data");
    }
    const unknown = (url.searchParams.get("details") ?? "")
      .split(",")
      .filter((name) => name && !KNOWN_DETAILS.has(name));
    if (unknown.length > 0) return sendText(res, 400, `Unknown details: ${unknown.join(", ")}`);

    const behaviour = fake.behaviour;
    switch (behaviour.kind) {
      case "hang":
        return;
      case "fail":
        return sendText(res, behaviour.status, behaviour.message ?? "Internal server error");
      case "malformed":
        res.writeHead(201, { "content-type": "application/json" });
        res.end('{"access_token": "x", "result": {"is_plant": ');
        return;
      case "body":
        return sendJson(res, 201, behaviour.body);
      case "identify":
        return sendJson(
          res,
          201,
          identification(behaviour, url.searchParams, body as Record<string, unknown>),
        );
    }
  };

  const served = await serveOnLoopback(handle, (res, error) => sendText(res, 500, String(error)));
  fake.url = served.url;
  fake.close = served.close;
  return fake;
}
