import type { Logger } from "pino";
import type { Place } from "../../../core/schemas/place";
import type { BundledPlaces } from "./bundled-places";
import type { OpenMeteo } from "./open-meteo";

/** At most this many places answer a search (API.md). */
export const MAX_PLACES = 10;

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();

/** "Bengaluru, India": the name searched for, and what the rest says the place must be in. */
function split(text: string): { name: string; within: string | null } {
  const [name = "", ...rest] = text.split(",");
  const within = rest.join(",").trim();
  return { name: name.trim(), within: within ? fold(within) : null };
}

/** Whether a place is in what the text named after its comma ("India", "KA", "Karnataka", "US"). */
const isWithin = (place: Place, within: string) =>
  [place.admin1, place.country, place.countryCode].some(
    (part) => part !== null && part !== undefined && fold(part).startsWith(within),
  );

/** Two finds of one town (online and bundled) are the same place within about 5 km. */
const samePlace = (a: Place, b: Place) =>
  fold(a.name) === fold(b.name) &&
  a.countryCode === b.countryCode &&
  Math.abs(a.latitude - b.latitude) < 0.05 &&
  Math.abs(a.longitude - b.longitude) < 0.05;

/**
 * Towns and postcodes anywhere (API.md GET /api/places): the geocoder online, with the bundled
 * towns (and US ZIP codes) when it cannot be reached or finds nothing. A US ZIP code is looked up
 * in the bundled table first, which is exact. Never fails: offline, the bundled places answer.
 */
export class PlaceFinder {
  constructor(
    private readonly online: Pick<OpenMeteo, "search">,
    private readonly bundled: Pick<BundledPlaces, "search">,
    private readonly log?: Pick<Logger, "warn">,
  ) {}

  async find(text: string): Promise<Place[]> {
    const { name, within } = split(text);
    if (name.length < 2) return [];
    const zip = /^\d{5}$/.test(name) ? await this.bundled.search(name, MAX_PLACES) : [];
    let online: Place[] = [];
    try {
      online = await this.online.search(name, MAX_PLACES);
    } catch (error) {
      this.log?.warn({ err: error }, "place search unavailable; using the bundled places");
    }
    const found = [...zip];
    for (const place of online)
      if (!found.some((known) => samePlace(known, place))) found.push(place);
    if (found.length === 0) found.push(...(await this.bundled.search(name, MAX_PLACES)));
    return (within ? found.filter((place) => isWithin(place, within)) : found).slice(0, MAX_PLACES);
  }
}
