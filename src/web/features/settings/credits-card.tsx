import { Card, CardTitle } from "../../components/ui/card";

/** The attributions the bundled data's licences ask for (data/SOURCES.md). */
const credits = [
  "USDA Plant Hardiness Zone Map (2023; 2012 for Alaska, Hawaii and Puerto Rico), PRISM Climate Group, Oregon State University.",
  "Weather data by Open-Meteo.com, CC BY 4.0.",
  "Place names from GeoNames (geonames.org), CC BY 4.0.",
  "Freeze dates from NOAA NCEI 1981–2010 U.S. Climate Normals (public domain).",
  "Crop data from OpenFarm (CC0).",
  "Companion planting adapted from Wikipedia's \"List of companion plants\", CC BY-SA 4.0; Tendril's companion lists are shared under the same licence.",
];

export function CreditsCard() {
  return (
    <Card aria-labelledby="credits-title">
      <CardTitle>
        <span id="credits-title">About Tendril</span>
      </CardTitle>
      <p className="mb-3 text-stone-700">
        Tendril is a self-hosted garden notebook. Its guidance is built on these open data sets:
      </p>
      <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-stone-700">
        {credits.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </Card>
  );
}
