/** React Query keys for the gardener's climate. */
export const climateKeys = {
  /** GET /api/me/climate; settings' place save invalidates ["climate"] by this prefix. */
  mine: ["climate"] as const,
};
