import { describe, expect, it } from "vitest";
import { type LanguageRead, languageNotice, readLanguage } from "./language";
import { aspectsIn, conditionsIn, kindOf } from "./understand";

describe("readLanguage: the five languages with word lists", () => {
  it.each([
    ["¿Cada cuánto riego los tomates?", "es"],
    ["¿Cuándo siembro zanahorias? ¿Y a qué profundidad?", "es"],
    ["Mi albahaca tiene hojas amarillas", "es"],
    ["¿Puedo cultivar fresas en maceta en el balcón?", "es"],
    ["Comment tailler mes tomates ?", "fr"],
    ["Quand semer les carottes ?", "fr"],
    ["Mes orchidées ont des feuilles jaunes", "fr"],
    ["Pourquoi les feuilles de mon basilic jaunissent ?", "fr"],
    ["Wie oft gieße ich Basilikum?", "de"],
    ["Wann soll ich Tomaten pflanzen?", "de"],
    ["Meine Rosen haben Blattläuse", "de"],
    ["Wie schütze ich meine Zitrone im Winter vor Frost?", "de"],
    ["Quando plantar alface?", "pt"],
    ["Com que frequência devo regar o manjericão?", "pt"],
    // The detector says Spanish; "inverno" is Portuguese.
    ["Como podar rosas no inverno?", "pt"],
    ["Meu limoeiro está com folhas amareladas, por quê?", "pt"],
    ["टमाटर को कितनी बार पानी दें?", "hi"],
    ["सर्दियों में तुलसी की देखभाल कैसे करें?", "hi"],
    ["मेरे गुलाब के पत्ते पीले क्यों हो रहे हैं?", "hi"],
  ])("%s → %s", (message, language) => {
    const read = readLanguage(message);
    expect(read.language).toBe(language);
    expect(read.known).toBe(language);
  });
});

describe("readLanguage: English stays English", () => {
  it.each([
    // Short English the detector takes for Italian, French, Finnish, Norwegian, Polish…
    "and in winter?",
    "companion plants for tomatoes",
    "calathea crispy edges",
    "kratky lettuce ppm",
    "pothos care",
    "fungus gnats",
    "repot snake plant",
    "what is DLI and how do i work it out for my grow light",
    "yellow leaves",
    "self watering planter",
    "How often should I water my tomato?",
  ])("%s", (message) => {
    expect(readLanguage(message)).toEqual({ language: "en", known: null, english: message });
  });

  it.each([
    "Monstera deliciosa",
    "Ocimum basilicum",
    "Rosa rugosa",
    "monstera",
    "tomates",
    "Basilikum",
  ])("plant names alone: %s", (message) => {
    expect(readLanguage(message).language).toBe("en");
  });

  it("is English when unsure: too short to tell Spanish from Portuguese", () => {
    expect(readLanguage("regar tomates").language).toBe("en");
  });
});

describe("readLanguage: other languages", () => {
  it.each([
    ["Jak często podlewać pomidory?", "pl"],
    ["Hoeveel water heeft een tomaat nodig?", "nl"],
  ])("%s → %s, with nothing to translate", (message, language) => {
    expect(readLanguage(message)).toEqual({ language, known: null, english: message });
  });
});

describe("readLanguage: the English the understanding reads", () => {
  it.each([
    ["¿Cada cuánto riego los tomates?", ["how often", "water", "tomato"]],
    ["¿Cuándo siembro zanahorias? ¿Y a qué profundidad?", ["when", "sow", "carrot", "how deep"]],
    ["Mi albahaca tiene hojas amarillas", ["my", "basil", "yellow leaves"]],
    ["Comment tailler mes tomates ?", ["how", "prune", "tomato"]],
    ["Mes orchidées ont des feuilles jaunes", ["moth orchid", "yellow leaves"]],
    ["Wie oft gieße ich Basilikum?", ["how often", "water", "basil"]],
    ["Meine Rosen haben Blattläuse", ["rose", "aphids"]],
    ["Wie schütze ich meine Zitrone im Winter vor Frost?", ["protect", "lemon", "winter", "frost"]],
    ["Quando plantar alface?", ["when", "plant", "lettuce"]],
    ["Com que frequência devo regar o manjericão?", ["how often", "water", "basil"]],
    ["टमाटर को कितनी बार पानी दें?", ["tomato", "how often", "water"]],
    ["सर्दियों में तुलसी की देखभाल कैसे करें?", ["winter", "tulsi", "care for", "how"]],
  ])("%s", (message, english) => {
    const read = readLanguage(message);
    for (const words of english) expect(read.english).toContain(words);
  });

  it("drops the language's small words and keeps the question marks", () => {
    expect(readLanguage("¿Cada cuánto riego los tomates?").english).toBe("how often water tomato?");
    expect(readLanguage("¿Cuándo siembro zanahorias? ¿Y a qué profundidad?").english).toBe(
      "when sow carrot? and how deep?",
    );
  });

  it("keeps words the lists do not know, so a plant named alike in both still counts", () => {
    expect(readLanguage("¿Cada cuánto riego mi monstera?").english).toBe(
      "how often water my monstera?",
    );
  });

  it("is read by the English understanding: aspect, kind and season", () => {
    const spanish = readLanguage("¿Cada cuánto riego los tomates en invierno?").english;
    expect(aspectsIn(spanish)).toEqual(["water"]);
    expect(kindOf(spanish)).toBe("how-often");
    expect(conditionsIn(spanish).season).toBe("winter");
    const french = readLanguage("Comment tailler mes tomates ?").english;
    expect(aspectsIn(french)).toEqual(["pruning"]);
    const german = readLanguage("Meine Rosen haben Blattläuse").english;
    expect(aspectsIn(german)).toEqual(["pests"]);
    const portuguese = readLanguage("Posso cultivar morangos em vasos na varanda?").english;
    expect(kindOf(portuguese)).toBe("can-i");
    expect(conditionsIn(portuguese).container).toBe(true);
    const hindi = readLanguage("टमाटर को कितनी बार पानी दें?").english;
    expect(aspectsIn(hindi)).toEqual(["water"]);
    expect(kindOf(hindi)).toBe("how-often");
  });

  it("matches without accents and in the plural", () => {
    expect(readLanguage("cada cuanto riego las lechugas?").english).toContain("lettuce");
    expect(readLanguage("Wie oft giesse ich Tomaten?").english).toBe("how often water tomato?");
    expect(readLanguage("Quand rempoter mes orchidees ?").english).toContain("moth orchid");
  });
});

describe("languageNotice", () => {
  const read = (known: LanguageRead["known"]): LanguageRead => ({
    language: known ?? "it",
    known,
    english: "",
  });

  it.each([
    ["es", "inglés"],
    ["fr", "anglais"],
    ["de", "Englisch"],
    ["pt", "inglês"],
    ["hi", "अंग्रेज़ी"],
  ] as const)("%s says it answers in %s, and asks for English only when lost", (known, word) => {
    const answers = languageNotice(read(known), true);
    const lost = languageNotice(read(known), false);
    expect(answers).toContain(word);
    expect(lost.startsWith(answers)).toBe(true);
    expect(lost.length).toBeGreaterThan(answers.length);
    expect(lost.split(word).length - 1).toBe(2);
  });

  it("writes each notice as given", () => {
    expect(languageNotice(readLanguage("¿Cada cuánto riego los tomates?"), true)).toBe(
      "Veo que escribes en español: te respondo en inglés.",
    );
    expect(languageNotice(read("es"), false)).toBe(
      "Veo que escribes en español: te respondo en inglés. No he entendido bien tu pregunta; por favor, escríbeme en inglés.",
    );
    expect(languageNotice(read("fr"), true)).toBe(
      "Je vois que vous écrivez en français : je vous réponds en anglais.",
    );
    expect(languageNotice(read("de"), true)).toBe(
      "Sie schreiben auf Deutsch – ich antworte auf Englisch.",
    );
    expect(languageNotice(read("pt"), true)).toBe(
      "Vejo que você escreve em português: vou responder em inglês.",
    );
    expect(languageNotice(read("hi"), true)).toBe("आप हिंदी में लिख रहे हैं; मैं अंग्रेज़ी में उत्तर दूँगा।");
  });

  it("names another language in English", () => {
    expect(languageNotice(readLanguage("Jak często podlewać pomidory?"), false)).toBe(
      "I see you are writing in Polish; I answer in English. I could not quite follow, so please write to me in English.",
    );
    expect(languageNotice(read(null), true)).toBe(
      "I see you are writing in Italian; I answer in English.",
    );
  });

  it("says nothing for English", () => {
    expect(languageNotice(readLanguage("How often should I water basil?"), false)).toBe("");
  });
});
