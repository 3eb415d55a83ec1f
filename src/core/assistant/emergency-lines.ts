/**
 * Emergency, poison and animal poison numbers by the gardener's country (ISO 3166 alpha-2), each
 * checked against an official page or the service's own (data/knowledge/README.md, "Emergency
 * numbers", lists the sources). A country not here, or no country, gets the general line: 112
 * from any phone in the EU and from mobiles in many other countries, else the local number.
 * Where a country has no public poison line (the UK, the Netherlands), the health service's
 * line it tells the public to call stands in.
 */
interface Line {
  name: string;
  number: string;
}

interface CountryLines {
  /** Missing where no official page confirmed one: the general line stands in. */
  emergency?: string;
  poison?: Line;
  animal?: Line;
}

const EU = [
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
];

const COUNTRIES: Record<string, CountryLines> = {
  US: {
    emergency: "911",
    poison: { name: "Poison Help", number: "1-800-222-1222" },
    animal: { name: "the ASPCA Animal Poison Control Center", number: "(888) 426-4435" },
  },
  CA: {
    emergency: "911",
    poison: { name: "Poison Centres (1-844-POISON-X)", number: "1-844-764-7669" },
  },
  GB: { emergency: "999", poison: { name: "NHS 111", number: "111" } },
  IE: {
    emergency: "112 or 999",
    poison: { name: "the Poisons Information Line (8am–10pm)", number: "01 809 2166" },
  },
  AU: {
    emergency: "000",
    poison: { name: "the Poisons Information Centre", number: "13 11 26" },
    animal: { name: "the Animal Poisons Helpline", number: "1300 869 738" },
  },
  NZ: {
    emergency: "111",
    poison: { name: "the National Poisons Centre", number: "0800 764 766" },
    animal: { name: "the Animal Poisons Helpline", number: "0800 869 738" },
  },
  IN: { emergency: "112" },
  FR: { emergency: "15 (SAMU) or 112" },
  IT: {
    emergency: "112",
    poison: { name: "the Centro Antiveleni at Niguarda, Milan", number: "02 66101029" },
  },
  ZA: {
    poison: { name: "the Poisons Information Helpline", number: "0861 555 777" },
  },
  SG: { emergency: "995" },
};

const LOCAL = "your local emergency number";
const GENERAL_CALL = `Call ${LOCAL} now (112 works from any phone in the EU and from mobiles in many other countries)`;

function linesOf(country: string | null | undefined): CountryLines | null {
  const code = country?.toUpperCase() ?? "";
  return COUNTRIES[code] ?? (EU.includes(code) ? { emergency: "112" } : null);
}

/** "Call 000 now" for the gardener's country; the general line where it is unknown. */
export function emergencyCall(country: string | null | undefined): string {
  const lines = linesOf(country);
  return lines?.emergency ? `Call ${lines.emergency} now` : GENERAL_CALL;
}

/** The number alone, for a sentence of one's own: "000", or "your local emergency number". */
function emergencyNumber(country: string | null | undefined): string {
  return linesOf(country)?.emergency ?? LOCAL;
}

/** "the Poisons Information Centre on 13 11 26", or null where there is no public line. */
export function poisonContact(country: string | null | undefined): string | null {
  const poison = linesOf(country)?.poison;
  if (!poison) return null;
  return poison.name.includes(poison.number) ? poison.name : `${poison.name} on ${poison.number}`;
}

/** The line for a pet that ate something: an animal poison line where one is known, else the vet. */
export function petPoisonLine(country: string | null | undefined): string {
  const animal = linesOf(country)?.animal;
  return animal
    ? `If your pet has eaten some, call your vet or ${animal.name} on ${animal.number} now.`
    : "If your pet has eaten some, call your vet or the nearest emergency vet now.";
}

/** The line for a child (or anyone) who ate something. */
export function childPoisonLine(country: string | null | undefined): string {
  const poison = poisonContact(country);
  const call = emergencyNumber(country);
  return poison
    ? `If a child has eaten some, call ${poison}, or ${call} if they are unwell.`
    : `If a child has eaten some, call ${call} or your doctor.`;
}

/** "call … or 000": the poison line where there is one, and the emergency number. */
export function ateSomeCall(country: string | null | undefined): string {
  const poison = poisonContact(country);
  const call = emergencyNumber(country);
  return poison ? `call ${poison} or ${call}` : `call ${call}`;
}
