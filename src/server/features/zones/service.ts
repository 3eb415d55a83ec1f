import fs from "node:fs";
import { parse } from "csv-parse/sync";
import type { Zone } from "../../../core/schemas/me";
import { zoneTemperatureRange, zoneTitle } from "../../../core/zones";
import { dataPath } from "../../lib/paths";
import { placeLabel } from "../../providers/weather/place-query";

export interface ZoneLookup {
  find(zip: string): Zone | undefined;
}

function readCsv(file: string): Record<string, string>[] {
  return parse(fs.readFileSync(dataPath("zones", file)), { columns: true, skip_empty_lines: true });
}

/** Loads the bundled USDA tables once; the 2012 map only fills ZIPs the 2023 map lacks. */
export function loadZoneLookup(): ZoneLookup {
  const zones = new Map<string, Zone>();
  for (const row of readCsv("phzm_us_zipcode_2023_conus.csv")) {
    const { zipcode = "", zone = "", trange = "", zonetitle = "" } = row;
    zones.set(zipcode, { zipcode, zone, trange, zonetitle, map: "2023" });
  }
  for (const row of readCsv("zip_zone_2012map_ak_hi_pr.csv")) {
    const zipcode = row.zip_code ?? "";
    const zone = row.zone ?? "";
    const trange = zoneTemperatureRange(zone);
    if (zones.has(zipcode) || !trange) continue;
    zones.set(zipcode, { zipcode, zone, trange, zonetitle: zoneTitle(zone, trange), map: "2012" });
  }
  return { find: (zip) => zones.get(zip) };
}

let shared: ZoneLookup | undefined;

/** One table per process, read on first use (about 40,000 rows, ~60 ms). */
export function zoneLookup(): ZoneLookup {
  shared ??= loadZoneLookup();
  return shared;
}

/**
 * The town of a US ZIP code, as the weather card labels it ("Phoenix, AZ"); null when the ZIP
 * table does not know it. The table loads on first use.
 */
export async function placeOfZip(zip: string): Promise<string | null> {
  const { default: zipcodes } = await import("zipcodes");
  const info = zipcodes.lookup(zip);
  if (info?.country !== "US") return null;
  return placeLabel(info.city, "US", info.state);
}
