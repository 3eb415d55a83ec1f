/**
 * Spec §4 Chat: a reply opens with 'Hi', the gardener's name and a comma. The first name given
 * that is not blank, else "there".
 */
export function greeting(...names: (string | null | undefined)[]): string {
  const name = names.map((candidate) => candidate?.trim()).find(Boolean);
  return `Hi ${name ?? "there"},\n\n`;
}
