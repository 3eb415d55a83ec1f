// The weather feature's published read: chat reads the forecast the gardener was last shown
// through it, so the weather cache keeps one owner.
export { shownForecastRow } from "./repository";
