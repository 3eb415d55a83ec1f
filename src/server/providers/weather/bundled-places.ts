import fs from "node:fs";
import { parse } from "csv-parse/sync";
import type { Place as FoundPlace } from "../../../core/schemas/place";
import { haversineKm } from "../../../core/weather";
import { dataPath } from "../../lib/paths";
import { normalizePlaceName, type PlaceQuery, pickCandidate, placeLabel } from "./place-query";
import type { Geocoder, LatLon, Place } from "./types";

interface City {
  name: string;
  key: string;
  countryCode: string;
  /** A US state code for US places; GeoNames' own admin1 code elsewhere. */
  admin1: string;
  lat: number;
  lon: number;
  population: number;
}

export interface NearbyPlace {
  label: string;
  countryCode: string;
  distanceKm: number;
}

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });
/** "India" for "IN"; null for a code the runtime does not know. */
function countryName(code: string): string | null {
  if (!/^[A-Z]{2}$/.test(code)) return null;
  const name = regionNames.of(code);
  return name && name !== code ? name : null;
}

// US territories have their own ISO codes; the zipcodes package files them under "US".
const US_TERRITORIES = new Set(["PR", "VI", "GU", "AS", "MP"]);
const KM_PER_DEGREE_LATITUDE = 111.19;

function loadCities(file: string): City[] {
  const rows: Record<string, string>[] = parse(fs.readFileSync(file), {
    columns: true,
    skip_empty_lines: true,
  });
  const cities: City[] = [];
  for (const row of rows) {
    const lat = Number(row.lat);
    const lon = Number(row.lon);
    const name = row.name?.trim();
    if (!name || !Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    cities.push({
      name,
      key: normalizePlaceName(name),
      countryCode: (row.country ?? "").toUpperCase(),
      admin1: row.admin1 ?? "",
      lat,
      lon,
      population: Number(row.population) || 0,
    });
  }
  // Most populous first: an unqualified "Portland" is Oregon's, "San Francisco" California's.
  return cities.sort((a, b) => b.population - a.population);
}

/**
 * Offline geocoding from bundled data: US ZIP codes from the zipcodes package, and the 24,000
 * GeoNames places of 15,000 people or more. Both load on first use and stay for the process.
 */
export class BundledPlaces implements Geocoder {
  private cities: City[] | undefined;
  private byKey: Map<string, City[]> | undefined;

  constructor(private readonly file = dataPath("places", "cities15000_geonames.csv")) {}

  async geocode(query: PlaceQuery): Promise<Place | null> {
    return query.kind === "zip" ? this.zip(query.zip) : this.city(query);
  }

  /**
   * Places whose name is the text or starts with it, most populous first (a US ZIP code gives its
   * town), for /api/places offline. The bundled towns carry no region names outside the US.
   */
  async search(text: string, limit: number): Promise<FoundPlace[]> {
    const trimmed = text.trim();
    if (/^\d{5}$/.test(trimmed)) {
      const { default: zipcodes } = await import("zipcodes");
      const info = zipcodes.lookup(trimmed);
      if (info?.country !== "US") return [];
      const territory = US_TERRITORIES.has(info.state);
      return [
        {
          name: info.city,
          admin1: territory ? null : info.state,
          country: countryName(territory ? info.state : "US"),
          countryCode: territory ? info.state : "US",
          latitude: info.latitude,
          longitude: info.longitude,
          timeZone: null,
          postcode: trimmed,
        },
      ];
    }
    const key = normalizePlaceName(trimmed);
    if (!key) return [];
    const { cities, byKey } = this.index();
    const exact = byKey.get(key) ?? [];
    const starting = cities.filter((city) => city.key.startsWith(key) && city.key !== key);
    return [...exact, ...starting].slice(0, limit).map((city) => ({
      name: city.name,
      admin1: city.countryCode === "US" ? city.admin1 : null,
      country: countryName(city.countryCode),
      countryCode: city.countryCode || null,
      latitude: city.lat,
      longitude: city.lon,
      timeZone: null,
      postcode: null,
    }));
  }

  /** The nearest bundled place within maxKm, for labelling coordinates (GPS). */
  nearest(point: LatLon, maxKm: number): NearbyPlace | null {
    let best: City | undefined;
    let bestKm = maxKm;
    for (const city of this.index().cities) {
      if (Math.abs(city.lat - point.lat) * KM_PER_DEGREE_LATITUDE > bestKm) continue;
      const km = haversineKm(point, city);
      if (km <= bestKm) {
        best = city;
        bestKm = km;
      }
    }
    if (!best) return null;
    return {
      label: placeLabel(best.name, best.countryCode, best.admin1),
      countryCode: best.countryCode,
      distanceKm: bestKm,
    };
  }

  private index() {
    if (!this.cities || !this.byKey) {
      const cities = loadCities(this.file);
      const byKey = new Map<string, City[]>();
      for (const city of cities) {
        const list = byKey.get(city.key);
        if (list) list.push(city);
        else byKey.set(city.key, [city]);
      }
      this.cities = cities;
      this.byKey = byKey;
    }
    return { cities: this.cities, byKey: this.byKey };
  }

  private async zip(zip: string): Promise<Place | null> {
    const { default: zipcodes } = await import("zipcodes");
    const info = zipcodes.lookup(zip);
    if (info?.country !== "US") return null;
    return this.zipPlace(info);
  }

  private zipPlace(info: { city: string; state: string; latitude: number; longitude: number }) {
    const territory = US_TERRITORIES.has(info.state) ? info.state : null;
    return {
      label: territory ? `${info.city}, ${territory}` : placeLabel(info.city, "US", info.state),
      lat: info.latitude,
      lon: info.longitude,
      countryCode: territory ?? "US",
      source: "bundled" as const,
    };
  }

  private async city(query: Extract<PlaceQuery, { kind: "name" }>): Promise<Place | null> {
    const { cities, byKey } = this.index();
    const key = normalizePlaceName(query.name);
    if (!key) return null;
    const exact = byKey.get(key) ?? [];
    let chosen = pickCandidate(query.qualifier, exact);
    // Towns under 15,000 people: the ZIP table knows every US place that has a post office.
    if (!chosen && query.qualifier?.usState) {
      const { default: zipcodes } = await import("zipcodes");
      const info = zipcodes.lookupByName(query.name, query.qualifier.usState)[0];
      if (info) return this.zipPlace(info);
    }
    // "New York" is "New York City" in GeoNames.
    if (!chosen && exact.length === 0) {
      const prefix = `${key} `;
      chosen = pickCandidate(
        query.qualifier,
        cities.filter((city) => city.key.startsWith(prefix)),
      );
    }
    if (!chosen) return null;
    return {
      label: placeLabel(chosen.name, chosen.countryCode, chosen.admin1),
      lat: chosen.lat,
      lon: chosen.lon,
      countryCode: chosen.countryCode,
      source: "bundled",
    };
  }
}
