import fs from "node:fs";
import { type FrostStation, parseFrostStations } from "../../../core/weather";
import { dataPath } from "../../lib/paths";

let stations: FrostStation[] | undefined;

/** NOAA's 1981–2010 freeze normals (about 5,800 US stations), read once on first use. */
export function frostStations(): FrostStation[] {
  stations ??= parseFrostStations(
    fs.readFileSync(dataPath("frost", "noaa_normals_1981_2010_freeze_32F_by_station.csv"), "utf8"),
  );
  return stations;
}
