/**
 * How a station's 32 °F (0 °C) freezes fall in a typical year, from NOAA's 1981–2010 normals:
 * - "seasonal": a freeze-free season with median last-spring and first-fall freeze dates;
 * - "none": no freeze in a typical year (NOAA leaves the dates blank; Hawaii, Puerto Rico, south
 *   Florida);
 * - "irregular": NOAA marks the dates undefined (-4444). These are high or far-northern stations
 *   with short growing seasons, where a freeze is possible even in summer, so there is no reliable
 *   median date to plan by.
 */
export type FreezePattern = "seasonal" | "none" | "irregular";

export interface FrostStation {
  id: string;
  name: string;
  state: string;
  lat: number;
  lon: number;
  /** Median last spring freeze, "MM-DD"; null unless freezePattern is "seasonal". */
  lastSpringP50: string | null;
  /** Median first fall freeze, "MM-DD"; null unless freezePattern is "seasonal". */
  firstFallP50: string | null;
  freezePattern: FreezePattern;
}

export interface FrostDates {
  /** "MM-DD", or null when the station has no median freeze dates (see freezePattern). */
  lastSpring: string | null;
  firstFall: string | null;
  /** The station's name and state, e.g. "ATHENS, AL". */
  station: string;
  stationId: string;
  /** Rounded to 0.1 km. */
  distanceKm: number;
  freezePattern: FreezePattern;
}

export interface LatLon {
  lat: number;
  lon: number;
}

/** Beyond this a station's climate says too little about the garden's to plan by. */
export const MAX_STATION_DISTANCE_KM = 150;

const EARTH_RADIUS_KM = 6371;
const KM_PER_DEGREE_LATITUDE = (Math.PI * EARTH_RADIUS_KM) / 180;

const MONTH_DAY = /^(\d{2})-(\d{2})$/;
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
// NOAA writes special values as negative four-digit codes, e.g. -4444 for "undefined".
const NOAA_SPECIAL = /^-\d{4}$/;

type DateCell = { kind: "date"; value: string } | { kind: "blank" } | { kind: "special" };

function readDate(cell: string | undefined): DateCell | null {
  const text = (cell ?? "").trim();
  if (text === "") return { kind: "blank" };
  if (NOAA_SPECIAL.test(text)) return { kind: "special" };
  const match = MONTH_DAY.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const day = Number(match[2]);
  const maxDay = DAYS_IN_MONTH[month - 1];
  if (maxDay === undefined || day < 1 || day > maxDay) return null;
  return { kind: "date", value: text };
}

// The NOAA file has no quoted fields, but station names elsewhere may contain commas.
function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        cell += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ",") {
      cells.push(cell);
      cell = "";
    } else {
      cell += char;
    }
  }
  cells.push(cell);
  return cells;
}

const REQUIRED_COLUMNS = [
  "station_id",
  "name",
  "state",
  "lat",
  "lon",
  "last_spring_32F_p50",
  "first_fall_32F_p50",
] as const;

/**
 * Stations from the text of noaa_normals_1981_2010_freeze_32F_by_station.csv. Columns are found by
 * header name. Rows with a missing id, unusable coordinates or a malformed date are skipped rather
 * than failing the whole file. Throws if a required column is missing: that is the wrong file.
 */
export function parseFrostStations(csvText: string): FrostStation[] {
  const lines = csvText.replace(/^\uFEFF/, "").split(/\r?\n/);
  const header = splitCsvLine(lines[0] ?? "").map((name) => name.trim());
  const column = Object.fromEntries(
    REQUIRED_COLUMNS.map((name) => [name, header.indexOf(name)]),
  ) as Record<(typeof REQUIRED_COLUMNS)[number], number>;
  const missing = REQUIRED_COLUMNS.filter((name) => column[name] < 0);
  if (missing.length > 0) {
    throw new Error(`Frost station CSV is missing column(s): ${missing.join(", ")}`);
  }

  const stations: FrostStation[] = [];
  for (const line of lines.slice(1)) {
    if (line.trim() === "") continue;
    const cells = splitCsvLine(line);
    const id = (cells[column.station_id] ?? "").trim();
    const lat = Number.parseFloat(cells[column.lat] ?? "");
    const lon = Number.parseFloat(cells[column.lon] ?? "");
    const spring = readDate(cells[column.last_spring_32F_p50]);
    const fall = readDate(cells[column.first_fall_32F_p50]);
    if (!id || !isValidPoint({ lat, lon }) || !spring || !fall) continue;

    const base = {
      id,
      name: (cells[column.name] ?? "").trim(),
      state: (cells[column.state] ?? "").trim(),
      lat,
      lon,
    };
    if (spring.kind === "date" && fall.kind === "date") {
      stations.push({
        ...base,
        lastSpringP50: spring.value,
        firstFallP50: fall.value,
        freezePattern: "seasonal",
      });
    } else {
      // One date without the other cannot be used for a calendar; blank on both sides means none.
      const freezePattern = spring.kind === "blank" && fall.kind === "blank" ? "none" : "irregular";
      stations.push({ ...base, lastSpringP50: null, firstFallP50: null, freezePattern });
    }
  }
  return stations;
}

function isValidPoint(point: LatLon): boolean {
  return (
    Number.isFinite(point.lat) &&
    Number.isFinite(point.lon) &&
    Math.abs(point.lat) <= 90 &&
    Math.abs(point.lon) <= 180
  );
}

/** Great-circle distance in km on a sphere of the Earth's mean radius (6371 km). */
export function haversineKm(a: LatLon, b: LatLon): number {
  const toRad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRad(b.lat - a.lat);
  const dLon = toRad(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLon / 2) ** 2;
  // min() guards against rounding pushing h a hair above 1 for antipodal points.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Freeze dates from the station nearest to a point, or null when no station lies within 150 km
 * (inclusive) or the point is not a valid coordinate.
 *
 * The nearest station is used even when it has no dates: its freezePattern then says whether the
 * place is frost-free or freezes in any month. Falling back to a farther station with dates would
 * give a mountain garden the valley's calendar, or a frost-free coast an inland one.
 */
export function nearestFrostStation(
  stations: readonly FrostStation[],
  point: LatLon,
): FrostDates | null {
  if (!isValidPoint(point)) return null;
  let nearest: FrostStation | undefined;
  let nearestKm = Number.POSITIVE_INFINITY;
  for (const station of stations) {
    // Latitude difference alone is a lower bound on the distance; it rules out most of the
    // ~5,800 stations without any trigonometry.
    const bound = Math.min(nearestKm, MAX_STATION_DISTANCE_KM);
    if (Math.abs(station.lat - point.lat) * KM_PER_DEGREE_LATITUDE > bound) continue;
    const km = haversineKm(point, station);
    if (km <= MAX_STATION_DISTANCE_KM && km < nearestKm) {
      nearest = station;
      nearestKm = km;
    }
  }
  if (!nearest) return null;
  return {
    lastSpring: nearest.lastSpringP50,
    firstFall: nearest.firstFallP50,
    station: nearest.state ? `${nearest.name}, ${nearest.state}` : nearest.name,
    stationId: nearest.id,
    distanceKm: Math.round(nearestKm * 10) / 10,
    freezePattern: nearest.freezePattern,
  };
}

/**
 * How to put a station's median freeze dates to a gardener. Normally the last spring freeze
 * comes months before the first fall one ("seasonal"). Where the median first "fall" freeze falls
 * on or before the median last spring one in the calendar (Phoenix: Jan 3 and Jan 6), the first
 * freeze of winter typically comes only after New Year and the freeze season is a short spell
 * from `from` to `to`: frost is rare there, and "last frost Jan 6, first frost Jan 3" would
 * read as nonsense.
 */
export type FrostOutlook =
  | { kind: "seasonal"; lastSpring: string; firstFall: string }
  | { kind: "rare"; from: string; to: string };

export function frostOutlook(
  lastSpring: string | null,
  firstFall: string | null,
): FrostOutlook | null {
  if (!lastSpring || !firstFall) return null;
  // "MM-DD" strings order as calendar days do.
  if (firstFall <= lastSpring) return { kind: "rare", from: firstFall, to: lastSpring };
  return { kind: "seasonal", lastSpring, firstFall };
}
