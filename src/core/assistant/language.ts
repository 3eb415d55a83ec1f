// placeholder until branch h22-1 lands
export type ForeignLanguage = "es" | "fr" | "de" | "pt" | "hi";
export interface LanguageRead {
  language: string;
  known: ForeignLanguage | null;
  english: string;
}
export function readLanguage(message: string): LanguageRead {
  return { language: "en", known: null, english: message };
}
export function languageNotice(_read: LanguageRead, _understood: boolean): string {
  return "";
}
