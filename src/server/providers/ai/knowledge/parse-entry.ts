/** One `## ` section of a knowledge-base file. */
export interface EntrySection {
  heading: string;
  text: string;
}

export interface KnowledgeEntry {
  kind: "crop" | "topic";
  slug: string;
  title: string;
  keywords: string[];
  sections: EntrySection[];
}

const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n/;

/**
 * Reads one file of data/knowledge (format in its README): a front matter of exactly `title` and
 * `keywords`, then `## ` sections. Two flat keys do not need a YAML library; anything else in the
 * file is a mistake and throws, so a broken file stops start-up instead of answering badly.
 */
export function parseEntry(
  kind: KnowledgeEntry["kind"],
  slug: string,
  source: string,
): KnowledgeEntry {
  const text = source.replaceAll("\r\n", "\n");
  const front = FRONT_MATTER.exec(text);
  if (!front) throw new Error(`knowledge ${kind}/${slug}: no front matter`);
  const fields = new Map<string, string>();
  for (const line of front[1]?.split("\n") ?? []) {
    const at = line.indexOf(":");
    if (at < 1) throw new Error(`knowledge ${kind}/${slug}: bad front matter line "${line}"`);
    fields.set(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  const title = fields.get("title");
  if (!title) throw new Error(`knowledge ${kind}/${slug}: no title`);
  const keywords = (fields.get("keywords") ?? "")
    .split(",")
    .map((word) => word.trim())
    .filter(Boolean);

  const sections: EntrySection[] = [];
  for (const block of text.slice(front[0].length).split(/^## /m).slice(1)) {
    const newline = block.indexOf("\n");
    const heading = (newline < 0 ? block : block.slice(0, newline)).trim();
    const body = newline < 0 ? "" : block.slice(newline + 1).trim();
    if (heading && body) sections.push({ heading, text: body });
  }
  if (sections.length === 0) throw new Error(`knowledge ${kind}/${slug}: no sections`);
  return { kind, slug, title, keywords, sections };
}
