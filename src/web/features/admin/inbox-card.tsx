import type { ContactKind } from "../../../core/schemas/contact";
import { Card, CardTitle } from "../../components/ui/card";
import { Alert, Skeleton } from "../../components/ui/misc";
import { errorMessage } from "../../lib/api-client";
import { dateFormat } from "../../lib/format";
import { useContactInbox } from "./admin-api";

const whenTime = dateFormat({ dateStyle: "medium", timeStyle: "short" });
const KIND_LABELS: Record<ContactKind, string> = {
  contact: "Contact",
  report: "Plant ID report",
  feedback: "Feedback",
};

/**
 * Messages gardeners sent from Contact, Plant ID's report and Feedback, newest first. What the
 * sender wrote is isolated (<bdi>, dir="auto"), as the accounts' names are (accounts-card.tsx).
 */
export function InboxCard() {
  const inbox = useContactInbox(true);
  return (
    <Card>
      <CardTitle>Contact inbox</CardTitle>
      {inbox.isPending ? (
        <Skeleton className="h-24" />
      ) : inbox.isError ? (
        <Alert tone="error">{errorMessage(inbox.error, "The inbox could not be loaded.")}</Alert>
      ) : inbox.data.length === 0 ? (
        <p className="text-stone-700">No messages yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-300">
          {inbox.data.map((message) => (
            <li key={message.id} className="py-3">
              <p className="text-sm text-stone-700">
                <span className="font-semibold text-stone-900">{KIND_LABELS[message.kind]}</span> ·{" "}
                {whenTime(new Date(message.createdAt))}
              </p>
              <p className="break-words text-stone-900">
                <bdi>{message.name}</bdi>{" "}
                <a
                  className="font-semibold break-all text-leaf-fg underline underline-offset-2"
                  href={`mailto:${message.email}`}
                >
                  <bdi>{message.email}</bdi>
                </a>
              </p>
              {message.accountEmail && message.accountEmail !== message.email && (
                <p className="text-sm break-all text-stone-700">
                  Signed in as <bdi>{message.accountEmail}</bdi>
                </p>
              )}
              <p dir="auto" className="mt-2 break-words whitespace-pre-wrap text-stone-900">
                {message.message}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
