import { describe, expect, it } from "vitest";
import {
  type FrostStation,
  frostOutlook,
  haversineKm,
  nearestFrostStation,
  parseFrostStations,
} from "./frost";

// Rows copied from noaa_normals_1981_2010_freeze_32F_by_station.csv: a seasonal station, a
// frost-free one (blank dates) and one NOAA marks undefined (-4444).
const HEADER =
  "station_id,name,state,lat,lon,elev_m,last_spring_32F_p50,last_spring_32F_p90,first_fall_32F_p50,first_fall_32F_p90,growing_season_days_p50";
const CSV = [
  HEADER,
  "USC00010160,ALEXANDER CITY,AL,32.9453,-85.9481,195.1,03-30,03-08,11-08,12-01,226",
  "AQW00061705,PAGO PAGO WSO AP,AS,-14.3306,-170.7136,3.7,,,,,365",
  "USC00040943,BODIE CA ST HISTORIC PARK,CA,38.2119,-119.0142,2551.2,-4444,-4444,-4444,-4444,11",
  "",
].join("\n");

describe("parseFrostStations", () => {
  it("reads a seasonal station with MM-DD median dates", () => {
    const [alexander] = parseFrostStations(CSV);
    expect(alexander).toEqual({
      id: "USC00010160",
      name: "ALEXANDER CITY",
      state: "AL",
      lat: 32.9453,
      lon: -85.9481,
      lastSpringP50: "03-30",
      firstFallP50: "11-08",
      freezePattern: "seasonal",
    });
  });

  it("reads blank dates as a frost-free station", () => {
    const pago = parseFrostStations(CSV)[1];
    expect(pago?.lastSpringP50).toBeNull();
    expect(pago?.firstFallP50).toBeNull();
    expect(pago?.freezePattern).toBe("none");
    expect(pago?.lat).toBe(-14.3306);
  });

  it("reads NOAA's -4444 as undefined dates, not as a date", () => {
    const bodie = parseFrostStations(CSV)[2];
    expect(bodie?.lastSpringP50).toBeNull();
    expect(bodie?.firstFallP50).toBeNull();
    expect(bodie?.freezePattern).toBe("irregular");
  });

  it("skips blank lines and accepts Windows line endings and a byte-order mark", () => {
    const windows = `\uFEFF${CSV.split("\n").join("\r\n")}\r\n\r\n`;
    expect(parseFrostStations(windows).map((station) => station.id)).toEqual([
      "USC00010160",
      "AQW00061705",
      "USC00040943",
    ]);
  });

  it("finds columns by header name, not position", () => {
    const csv = [
      "first_fall_32F_p50,last_spring_32F_p50,lon,lat,state,name,station_id",
      "10-15,04-20,-93.1,44.9,MN,ST PAUL,X1",
    ].join("\n");
    expect(parseFrostStations(csv)).toEqual([
      {
        id: "X1",
        name: "ST PAUL",
        state: "MN",
        lat: 44.9,
        lon: -93.1,
        lastSpringP50: "04-20",
        firstFallP50: "10-15",
        freezePattern: "seasonal",
      },
    ]);
  });

  it("reads a quoted name containing a comma", () => {
    const csv = `${HEADER}\nX2,"FORT SMITH, AP",AR,35.3,-94.4,140,03-25,,11-05,,230`;
    expect(parseFrostStations(csv)[0]?.name).toBe("FORT SMITH, AP");
  });

  it.each([
    ["no id", ",NOWHERE,AL,32,-86,1,03-30,,11-08,,226"],
    ["a latitude that is not a number", "X3,NOWHERE,AL,north,-86,1,03-30,,11-08,,226"],
    ["a latitude beyond 90", "X4,NOWHERE,AL,95,-86,1,03-30,,11-08,,226"],
    ["an impossible month", "X5,NOWHERE,AL,32,-86,1,13-30,,11-08,,226"],
    ["an impossible day", "X6,NOWHERE,AL,32,-86,1,02-30,,11-08,,226"],
    ["another date format", "X7,NOWHERE,AL,32,-86,1,3/30,,11-08,,226"],
  ])("skips a row with %s", (_label, row) => {
    expect(parseFrostStations(`${HEADER}\n${row}`)).toEqual([]);
  });

  it("treats a station with only one usable date as irregular", () => {
    const csv = `${HEADER}\nX8,HALF,AK,61,-150,10,05-10,,-4444,,120`;
    const [station] = parseFrostStations(csv);
    expect(station?.freezePattern).toBe("irregular");
    expect(station?.lastSpringP50).toBeNull();
  });

  it("throws for a file without the expected columns", () => {
    expect(() => parseFrostStations("zipcode,zone\n90210,10b")).toThrow(/station_id/);
  });

  it("returns nothing for a header-only file", () => {
    expect(parseFrostStations(HEADER)).toEqual([]);
  });
});

describe("haversineKm", () => {
  it("matches the known Nashville–Los Angeles distance", () => {
    const nashville = { lat: 36.12, lon: -86.67 };
    const losAngeles = { lat: 33.94, lon: -118.4 };
    expect(haversineKm(nashville, losAngeles)).toBeCloseTo(2886.44, 1);
  });

  it("makes one degree of latitude about 111.19 km", () => {
    expect(haversineKm({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })).toBeCloseTo(111.195, 2);
  });

  it("is zero for the same point and symmetric", () => {
    const a = { lat: 51.5, lon: -0.12 };
    const b = { lat: -33.87, lon: 151.21 };
    expect(haversineKm(a, a)).toBe(0);
    expect(haversineKm(a, b)).toBeCloseTo(haversineKm(b, a), 9);
  });

  it("crosses the antimeridian the short way", () => {
    expect(haversineKm({ lat: 0, lon: 179.5 }, { lat: 0, lon: -179.5 })).toBeCloseTo(111.195, 2);
  });

  it("gives half the circumference for antipodal points", () => {
    expect(haversineKm({ lat: 0, lon: 0 }, { lat: 0, lon: 180 })).toBeCloseTo(Math.PI * 6371, 6);
  });
});

function station(id: string, lat: number, lon: number, extra: Partial<FrostStation> = {}) {
  return {
    id,
    name: id.toUpperCase(),
    state: "ST",
    lat,
    lon,
    lastSpringP50: "04-01",
    firstFallP50: "10-31",
    freezePattern: "seasonal",
    ...extra,
  } satisfies FrostStation;
}

const KM_PER_DEGREE_LAT = 111.19492664455873;

describe("nearestFrostStation", () => {
  it("returns the nearest station's dates and distance", () => {
    const stations = [
      station("far", 1, 0, { lastSpringP50: "05-01", firstFallP50: "09-30" }),
      station("near", 0.1, 0, { lastSpringP50: "03-15", firstFallP50: "11-20" }),
    ];
    expect(nearestFrostStation(stations, { lat: 0, lon: 0 })).toEqual({
      lastSpring: "03-15",
      firstFall: "11-20",
      station: "NEAR, ST",
      stationId: "near",
      distanceKm: 11.1,
      freezePattern: "seasonal",
    });
  });

  it("finds the right station among the real rows", () => {
    const montgomery = { lat: 32.3668, lon: -86.3 };
    const result = nearestFrostStation(parseFrostStations(CSV), montgomery);
    expect(result?.station).toBe("ALEXANDER CITY, AL");
    expect(result?.lastSpring).toBe("03-30");
    expect(result?.firstFall).toBe("11-08");
    expect(result?.distanceKm).toBeGreaterThan(60);
    expect(result?.distanceKm).toBeLessThan(80);
  });

  it("finds a nearer station listed after one that is closer in latitude", () => {
    const stations = [station("east", 0, 1.2), station("north", 0.5, 0)];
    expect(nearestFrostStation(stations, { lat: 0, lon: 0 })?.stationId).toBe("north");
  });

  it("accepts a station 149.9 km away", () => {
    const stations = [station("edge", 149.9 / KM_PER_DEGREE_LAT, 0)];
    expect(nearestFrostStation(stations, { lat: 0, lon: 0 })?.distanceKm).toBe(149.9);
  });

  it("returns null when the nearest station is 150.1 km away", () => {
    const stations = [station("edge", 150.1 / KM_PER_DEGREE_LAT, 0)];
    expect(nearestFrostStation(stations, { lat: 0, lon: 0 })).toBeNull();
  });

  it("keeps the nearest station's missing dates rather than borrowing a farther one's", () => {
    const stations = [
      station("inland", 0.5, 0),
      station("coast", 0.05, 0, { lastSpringP50: null, firstFallP50: null, freezePattern: "none" }),
    ];
    const result = nearestFrostStation(stations, { lat: 0, lon: 0 });
    expect(result?.stationId).toBe("coast");
    expect(result?.lastSpring).toBeNull();
    expect(result?.firstFall).toBeNull();
    expect(result?.freezePattern).toBe("none");
  });

  it("returns null for no stations or an invalid point", () => {
    expect(nearestFrostStation([], { lat: 0, lon: 0 })).toBeNull();
    expect(nearestFrostStation([station("a", 0, 0)], { lat: Number.NaN, lon: 0 })).toBeNull();
    expect(nearestFrostStation([station("a", 0, 0)], { lat: 91, lon: 0 })).toBeNull();
  });

  it("omits the state when the station has none", () => {
    const result = nearestFrostStation([station("x", 0, 0, { state: "" })], { lat: 0, lon: 0 });
    expect(result?.station).toBe("X");
  });
});

describe("frostOutlook", () => {
  it("is seasonal when the last spring freeze comes before the first fall one", () => {
    expect(frostOutlook("03-30", "11-08")).toEqual({
      kind: "seasonal",
      lastSpring: "03-30",
      firstFall: "11-08",
    });
    expect(frostOutlook("01-05", "01-06")).toEqual({
      kind: "seasonal",
      lastSpring: "01-05",
      firstFall: "01-06",
    });
  });

  it("calls frost rare when the first fall freeze comes on or before the last spring one (Phoenix)", () => {
    expect(frostOutlook("01-06", "01-03")).toEqual({ kind: "rare", from: "01-03", to: "01-06" });
    expect(frostOutlook("01-06", "01-06")).toEqual({ kind: "rare", from: "01-06", to: "01-06" });
  });

  it("says nothing without both dates", () => {
    expect(frostOutlook(null, "11-08")).toBeNull();
    expect(frostOutlook("03-30", null)).toBeNull();
    expect(frostOutlook(null, null)).toBeNull();
  });
});
