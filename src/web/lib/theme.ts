import { useSyncExternalStore } from "react";
import { storage, type ThemeChoice } from "./storage";

/**
 * The colour theme. index.html sets `data-theme` on <html> from localStorage "theme" before first
 * paint; this module keeps it in step afterwards. "system" removes the attribute, so the CSS
 * `prefers-color-scheme` query decides (see styles/index.css).
 */
const THEME_EVENT = "tendril:theme";

export function applyTheme(theme: ThemeChoice): void {
  if (typeof document === "undefined") return;
  const root = document.documentElement;
  if (theme === "system") delete root.dataset.theme;
  else root.dataset.theme = theme;
}

/** Saves the choice in this browser and applies it at once. */
export function setTheme(theme: ThemeChoice): void {
  storage.setTheme(theme);
  applyTheme(theme);
  window.dispatchEvent(new Event(THEME_EVENT));
}

/** Applies the stored theme and follows changes made in other tabs. Called once at start-up. */
export function installTheme(): void {
  applyTheme(storage.theme());
  window.addEventListener("storage", (event) => {
    if (event.key !== null && event.key !== "theme") return;
    applyTheme(storage.theme());
    window.dispatchEvent(new Event(THEME_EVENT));
  });
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(THEME_EVENT, onChange);
  return () => window.removeEventListener(THEME_EVENT, onChange);
}

/** The stored theme choice and a setter that saves and applies it at once. */
export function useTheme(): [ThemeChoice, (theme: ThemeChoice) => void] {
  const theme = useSyncExternalStore(subscribe, storage.theme, () => "system" as const);
  return [theme, setTheme];
}
