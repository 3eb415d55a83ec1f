// Applies the stored theme before the first paint (loaded from <head>, blocking by design).
try {
  const theme = localStorage.getItem("theme");
  if (theme === "light" || theme === "dark") document.documentElement.dataset.theme = theme;
} catch {
  // Storage blocked: the device's colour scheme decides.
}
