/** React Query keys for chat. The quota key is shared with the Settings page's quota tiles. */
export const chatKeys = {
  list: ["chats"] as const,
  messages: (chatId: string) => ["chat-messages", chatId] as const,
  quota: ["quota"] as const,
};
