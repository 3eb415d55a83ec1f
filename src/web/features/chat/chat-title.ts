import { CHAT_TITLE_LIMIT } from "../../../core/schemas/chat";

/**
 * Spec §4 Chat: a new chat takes the first 60 characters of its first message as its title
 * (line breaks read as spaces). The server does this for cloud chats; local chats do it here.
 */
export function titleFromMessage(message: string): string {
  const flat = message.replace(/\s+/g, " ").trim();
  let title = flat.slice(0, CHAT_TITLE_LIMIT);
  // The server counts UTF-16 units; an emoji cut in half is dropped rather than sent broken.
  const last = title.charCodeAt(title.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) title = title.slice(0, -1);
  return title.trim();
}

/** Spec §5: a rename to an empty name is ignored; longer names keep their first 60 characters. */
export function cleanTitle(input: string): string | null {
  const title = titleFromMessage(input);
  return title === "" ? null : title;
}
