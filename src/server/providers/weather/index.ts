import type { Logger } from "pino";
import type { Config } from "../../config";
import { AppError } from "../../errors";
import { BundledPlaces } from "./bundled-places";
import { OpenMeteo } from "./open-meteo";
import { PlaceFinder } from "./place-finder";
import type { PlaceQuery } from "./place-query";
import type { Geocoder, Place, WeatherProvider } from "./types";

export { BundledPlaces, type NearbyPlace } from "./bundled-places";
export { OpenMeteo } from "./open-meteo";
export { MAX_PLACES, PlaceFinder } from "./place-finder";
export { type PlaceQuery, parsePlaceQuery } from "./place-query";
export type * from "./types";

/**
 * Online first, bundled data when the geocoder fails or knows nothing, except for US ZIP codes:
 * those go to the bundled ZIP table first, which is exact and instant, whereas a five-digit
 * search online also matches other countries' postcodes.
 */
export class FallbackGeocoder implements Geocoder {
  constructor(
    private readonly online: Geocoder,
    private readonly bundled: Geocoder,
    private readonly log?: Pick<Logger, "warn">,
  ) {}

  async geocode(query: PlaceQuery): Promise<Place | null> {
    if (query.kind === "zip") {
      return (await this.bundled.geocode(query)) ?? this.online.geocode(query);
    }
    let failure: unknown;
    try {
      const place = await this.online.geocode(query);
      if (place) return place;
    } catch (error) {
      failure = error;
      this.log?.warn({ err: error }, "geocoder unavailable; using the bundled places");
    }
    const place = await this.bundled.geocode(query);
    if (place || !failure) return place;
    throw new AppError(
      502,
      "upstream_unavailable",
      `The place-name service could not be reached and “${query.text}” is not in Tendril's offline list of towns. Try a larger town nearby or a US ZIP code.`,
    );
  }
}

export interface WeatherProviders {
  weather: WeatherProvider;
  geocoder: Geocoder;
  places: BundledPlaces;
  /** Towns and postcodes anywhere, for choosing the gardener's place. */
  finder: PlaceFinder;
  /** Past daily weather, for a place's typical year. */
  archive: OpenMeteo;
}

export function createWeatherProviders(config: Config, log?: Logger): WeatherProviders {
  const openMeteo = new OpenMeteo({ ...config.weather, ...(log ? { log } : {}) });
  const places = new BundledPlaces();
  return {
    weather: openMeteo,
    geocoder: new FallbackGeocoder(openMeteo, places, log),
    places,
    finder: new PlaceFinder(openMeteo, places, log),
    archive: openMeteo,
  };
}
