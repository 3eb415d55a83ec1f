import { detectAll } from "tinyld/light";
import { type Entry, type ForeignLanguage, WORD_LISTS, type WordList } from "./language-words";

export type { ForeignLanguage } from "./language-words";

/**
 * The language of a message (ASSISTANT.md step 1, issue 22 item 6). The built-in engine answers
 * in English; for five languages it says so in that language and reads the question through small
 * word lists, for any other it says so in English.
 */
export interface LanguageRead {
  /** ISO 639-1 code of the message's language; "en" for English or when unsure. */
  language: string;
  /** One of the five the assistant can say something in, else null. */
  known: ForeignLanguage | null;
  /**
   * The message with the words the lists know put into English, for the English understanding
   * ("¿Cada cuánto riego los tomates?" → "how often water tomato?"); the message itself when
   * English or in a language without lists.
   */
  english: string;
}

const FOREIGN = Object.keys(WORD_LISTS) as ForeignLanguage[];
/** The European four, whose guesses the detector makes well even when unsure of them. */
const LATIN_FOUR: readonly string[] = ["es", "fr", "de", "pt"];
/** The detector's confidence from which a guess is trusted without our own evidence. */
const CONFIDENT = 0.5;

/**
 * English words no message in the five languages uses, one of which makes a message English: the
 * detector reads short English as Italian, French or Finnish ("and in winter?" → it), and even
 * a long question as Polish ("what is DLI and how do i work it out for my grow light").
 */
const ENGLISH_STRONG = new Set(
  "the how what when why where which who does did don doesn isn should would could can with about this that these those they them you your it its and are".split(
    " ",
  ),
);
/** English words other languages use too ("is" in Dutch, "i" in Italian, "to" in Polish). */
const ENGLISH_WEAK = new Set(
  "my for of is i to at or from be have has get if not some any all there too after before than then".split(
    " ",
  ),
);
/** Words of the lists that are common English words too: they show no language. */
const LOOKALIKES = new Set(
  "a as an do in me no on so die was will also man son pot plant planter rose".split(" "),
);

const DEVANAGARI = /[\u0900-\u097f]/;

/**
 * Lower case without accents, so "gieße", "giesse" and "GIESSE" meet; Devanagari keeps its vowel
 * signs but drops the nukta and the chandrabindu's moon, which writers use or leave out freely.
 */
function fold(text: string): string {
  return text
    .normalize("NFD")
    .toLowerCase()
    .replace(/[\u0300-\u036f\u093c]/g, "")
    .replace(/\u0901/g, "\u0902")
    .replace(/ß/g, "ss");
}

/** Words, and question marks (they separate the asks of a message). */
const tokens = (text: string): string[] => fold(text).match(/[\p{L}\p{M}\p{N}]+|\?/gu) ?? [];

interface Phrase {
  words: string[];
  english: string;
  plant: boolean;
  /** Shows the language: not the English itself, nor a common English word. */
  evidence: boolean;
}

interface Lexicon {
  /** Longest first, so "hojas amarillas" wins over "hojas". */
  phrases: Phrase[];
  pluralEndings: readonly string[];
}

function lexicon(list: WordList): Lexicon {
  const phrases: Phrase[] = [];
  const add = (entries: readonly Entry[], plant: boolean) => {
    for (const [forms, english] of entries) {
      for (const form of forms.split("|")) {
        const words = tokensKeepingStems(form);
        const folded = words.join(" ");
        const evidence = folded !== english && !LOOKALIKES.has(folded);
        phrases.push({ words, english, plant, evidence });
      }
    }
  };
  add(list.plants, true);
  add(list.words, false);
  phrases.sort((a, b) => b.words.length - a.words.length);
  return { phrases, pluralEndings: list.pluralEndings };
}

const tokensKeepingStems = (form: string) => fold(form).match(/[\p{L}\p{M}\p{N}]+\*?/gu) ?? [];

const LEXICONS = Object.fromEntries(
  FOREIGN.map((language) => [language, lexicon(WORD_LISTS[language])]),
) as Record<ForeignLanguage, Lexicon>;

function wordMatches(word: string, token: string, phrase: Phrase, lex: Lexicon): boolean {
  if (word.endsWith("*")) return token.startsWith(word.slice(0, -1));
  if (token === word) return true;
  return phrase.plant && lex.pluralEndings.some((ending) => token === word + ending);
}

interface Reading {
  english: string;
  evidence: number;
  /** Evidence other than plant names: "Rosa rugosa" or "tomates" alone show no language. */
  beyondPlants: boolean;
}

/** The message through one language's lists: known words in English, others as they are. */
function readAs(words: readonly string[], language: ForeignLanguage): Reading {
  const lex = LEXICONS[language];
  const out: string[] = [];
  let evidence = 0;
  let beyondPlants = false;
  for (let i = 0; i < words.length; ) {
    const phrase = lex.phrases.find(
      (candidate) =>
        i + candidate.words.length <= words.length &&
        candidate.words.every((word, k) => wordMatches(word, words[i + k] ?? "", candidate, lex)),
    );
    if (!phrase) {
      out.push(words[i] ?? "");
      i += 1;
      continue;
    }
    if (phrase.english) out.push(phrase.english);
    if (phrase.evidence) {
      evidence += 1;
      if (!phrase.plant) beyondPlants = true;
    }
    i += phrase.words.length;
  }
  return { english: out.join(" ").replace(/ \?/g, "?"), evidence, beyondPlants };
}

function readsAsEnglish(words: readonly string[], confidentElsewhere: boolean): boolean {
  if (words.some((word) => ENGLISH_STRONG.has(word))) return true;
  const weak = words.filter((word) => ENGLISH_WEAK.has(word)).length;
  return weak >= 2 || (weak === 1 && !confidentElsewhere);
}

const isLatinFour = (language: string): language is ForeignLanguage =>
  LATIN_FOUR.includes(language);

export function readLanguage(message: string): LanguageRead {
  const english: LanguageRead = { language: "en", known: null, english: message };
  const words = tokens(message);
  if (DEVANAGARI.test(message)) {
    return { language: "hi", known: "hi", english: readAs(words, "hi").english };
  }
  const guesses = detectAll(message);
  const top = guesses[0];
  const confident = top !== undefined && top.accuracy >= CONFIDENT;
  if (readsAsEnglish(words, confident && top.lang !== "en")) return english;
  if (confident && top.lang === "en") return english;
  if (confident && !isLatinFour(top.lang)) {
    return { language: top.lang, known: null, english: message };
  }
  // The detector's guesses among the four, checked against the lists: it takes "fungus gnats"
  // for French and "Como podar rosas no inverno?" for Spanish ("inverno" says Portuguese).
  let best: { language: ForeignLanguage; reading: Reading } | null = null;
  for (const guess of guesses) {
    if (!isLatinFour(guess.lang) || guess.accuracy <= 0) continue;
    const reading = readAs(words, guess.lang);
    const shown = reading.evidence > 0 && reading.beyondPlants;
    if (!shown && guess.accuracy < CONFIDENT) continue;
    if (!best || reading.evidence > best.reading.evidence) best = { language: guess.lang, reading };
  }
  // Too short for the detector ("regar tomates?"): the lists alone, when one clearly wins.
  if (!best) {
    const readings = LATIN_FOUR.filter(isLatinFour)
      .map((language) => ({ language, reading: readAs(words, language) }))
      .filter(({ reading }) => reading.beyondPlants && reading.evidence >= 2)
      .sort((a, b) => b.reading.evidence - a.reading.evidence);
    const [first, second] = readings;
    if (first && first.reading.evidence !== second?.reading.evidence) best = first;
  }
  if (!best) return english;
  return { language: best.language, known: best.language, english: best.reading.english };
}

/** What each of the five says: it answers in English; and, when lost, please write in English. */
const NOTICES: Record<ForeignLanguage, { answers: string; askEnglish: string }> = {
  es: {
    answers: "Veo que escribes en español: te respondo en inglés.",
    askEnglish: "No he entendido bien tu pregunta; por favor, escríbeme en inglés.",
  },
  fr: {
    answers: "Je vois que vous écrivez en français : je vous réponds en anglais.",
    askEnglish: "Je n'ai pas bien compris votre question ; merci de m'écrire en anglais.",
  },
  de: {
    answers: "Sie schreiben auf Deutsch – ich antworte auf Englisch.",
    askEnglish: "Ich habe Ihre Frage nicht ganz verstanden; bitte schreiben Sie mir auf Englisch.",
  },
  pt: {
    answers: "Vejo que você escreve em português: vou responder em inglês.",
    askEnglish: "Não entendi bem a sua pergunta; por favor, escreva-me em inglês.",
  },
  hi: {
    answers: "आप हिंदी में लिख रहे हैं; मैं अंग्रेज़ी में उत्तर दूँगा।",
    askEnglish: "मैं आपका प्रश्न ठीक से समझ नहीं पाया; कृपया अंग्रेज़ी में लिखें।",
  },
};

const LANGUAGE_NAMES = new Intl.DisplayNames(["en"], { type: "language" });

/** "Italian" for "it"; a code the runtime does not name stays unnamed. */
export function englishName(code: string): string | null {
  try {
    const name = LANGUAGE_NAMES.of(code);
    return name && name !== code ? name : null;
  } catch {
    return null;
  }
}

/**
 * One or two sentences in that language: that it answers in English; when `understood` is false,
 * also asking to write in English. For an unknown foreign language (known null), the same in
 * English. Nothing for English.
 */
export function languageNotice(read: LanguageRead, understood: boolean): string {
  if (read.known) {
    const notice = NOTICES[read.known];
    return understood ? notice.answers : `${notice.answers} ${notice.askEnglish}`;
  }
  if (read.language === "en") return "";
  const name = englishName(read.language);
  const answers = `I see you are writing in ${name ?? "another language"}; I answer in English.`;
  return understood
    ? answers
    : `${answers} I could not quite follow, so please write to me in English.`;
}
