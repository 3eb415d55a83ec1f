import { describe, expect, it } from "vitest";
import { withoutBidiControls } from "./bidi-controls";
import { signUpSchema, updateUserSchema } from "./schemas/account";
import { areaCreateSchema, areaPatchSchema } from "./schemas/area";
import { contactMessageCreateSchema } from "./schemas/contact";
import { mePatchSchema } from "./schemas/me";
import { plantCreateSchema, plantPatchSchema } from "./schemas/plant";

// Issue 37 item 7: names holding direction controls showed reversed text on /admin.
const CONTROLS = [
  "\u202A",
  "\u202B",
  "\u202C",
  "\u202D",
  "\u202E",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
  "\u200E",
  "\u200F",
  "\u061C",
];
/** "Basil" with every control in it, "lisaB" as an override shows it. */
const SPOOFED = `${CONTROLS.join("")}Ba\u202Esi\u2066l\u2069`;

describe("direction controls", () => {
  it("takes out each of them, wherever it stands", () => {
    for (const control of CONTROLS) {
      expect(
        withoutBidiControls(`a${control}b${control}`),
        control.codePointAt(0)?.toString(16),
      ).toBe("ab");
    }
    expect(withoutBidiControls(SPOOFED)).toBe("Basil");
  });

  it("keeps right-to-left scripts and every other character as written", () => {
    for (const text of ["ריחן", "ريحان", "Ivy 🌿‍🪴 Green", "Zoë, Łódź & 北京", "a\u200Db"]) {
      expect(withoutBidiControls(text)).toBe(text);
    }
  });

  it("leaves no direction control in a name or message the schemas accept", () => {
    const names = [
      signUpSchema.parse({ name: SPOOFED, email: "a@example.com", password: "x" }).name,
      updateUserSchema.parse({ name: SPOOFED }).name,
      plantCreateSchema.shape.name.parse(SPOOFED),
      plantPatchSchema.shape.name.parse(SPOOFED),
      areaCreateSchema.shape.name.parse(SPOOFED),
      areaPatchSchema.shape.name.parse(SPOOFED),
      mePatchSchema.parse({ displayName: SPOOFED }).displayName,
    ];
    expect(names).toEqual(Array(names.length).fill("Basil"));
    const contact = contactMessageCreateSchema.parse({
      name: ` ${SPOOFED} `,
      email: "robin@example.com",
      message: `My \u202Eflow\u202C tomatoes\u200F`,
    });
    expect(contact).toMatchObject({ name: "Basil", message: "My flow tomatoes" });
  });

  it("refuses a name that is nothing but direction controls, as an empty one", () => {
    const onlyControls = CONTROLS.join("");
    expect(plantCreateSchema.shape.name.safeParse(onlyControls).error?.issues[0]?.message).toBe(
      "Enter the plant's name.",
    );
    expect(areaCreateSchema.shape.name.safeParse(onlyControls).success).toBe(false);
    expect(
      signUpSchema.safeParse({ name: onlyControls, email: "a@example.com", password: "x" }).success,
    ).toBe(false);
    expect(
      contactMessageCreateSchema.safeParse({
        name: "Robin",
        email: "robin@example.com",
        message: onlyControls,
      }).error?.issues[0]?.message,
    ).toBe("Enter a message.");
  });
});
