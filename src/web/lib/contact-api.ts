import { useMutation } from "@tanstack/react-query";
import type { ContactMessageCreate } from "../../core/schemas/contact";
import { api } from "./api-client";

/** Sends a message to whoever runs this Tendril (stored on the server, then e-mailed to them). */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (message: ContactMessageCreate) =>
      api.post<{ id: string; createdAt: string }>("/api/contact", message),
  });
}
