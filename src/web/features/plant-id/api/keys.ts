/** React Query keys for plant identification. */
export const plantIdKeys = {
  identifications: ["identifications"] as const,
  care: (names: string[]) => ["care", ...names] as const,
  summary: (identificationId: string) => ["identification-summary", identificationId] as const,
};
