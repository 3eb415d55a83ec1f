import { Check, Copy, RefreshCw } from "lucide-react";
import { useState } from "react";
import { CopyField } from "../../components/copy-field";
import { Button } from "../../components/ui/button";
import { Card, CardTitle } from "../../components/ui/card";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { SectionError, Skeleton } from "../../components/ui/misc";
import { errorMessage } from "../../lib/api-client";
import { toast } from "../../lib/toast-store";
import { useCalendarUrl } from "./api/get-calendar-url";
import { useRotateCalendarUrl } from "./api/rotate-calendar-url";

/** The private calendar feed: its address to copy into a calendar app, and a way to replace it. */
export function CalendarCard() {
  const calendar = useCalendarUrl();
  const rotate = useRotateCalendarUrl();
  const [confirming, setConfirming] = useState(false);
  async function makeNew() {
    try {
      await rotate.mutateAsync();
      setConfirming(false);
      toast({
        title: "New calendar address made",
        description: "The old one no longer works. Add this one to your calendar app.",
        variant: "success",
      });
    } catch (error) {
      setConfirming(false);
      toast({
        title: "Couldn't make a new address",
        description: errorMessage(error),
        variant: "destructive",
      });
    }
  }

  return (
    <Card aria-labelledby="calendar-title">
      <CardTitle>
        <span id="calendar-title">Calendar feed</span>
      </CardTitle>
      <p className="mb-4 text-stone-700">
        Add this private address to Google Calendar, Apple Calendar or Outlook (“subscribe from
        URL”) to see your pending tasks there. Anyone with it can see your tasks, so keep it to
        yourself.
      </p>
      {calendar.isError ? (
        <SectionError
          text={`Your calendar address couldn't be loaded. ${errorMessage(calendar.error)}`}
          retry={() => void calendar.refetch()}
        />
      ) : calendar.data === undefined ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <span className="sr-only">Loading your calendar address…</span>
          <Skeleton className="h-11" />
          <Skeleton className="h-11 w-56" />
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <CopyField
            label="Private calendar address"
            value={calendar.data}
            what="address"
            rows={3}
            className="bg-stone-100"
          >
            {({ copy, copied }) => (
              <div className="grid gap-3 sm:flex sm:flex-wrap">
                <Button variant="secondary" onClick={copy}>
                  {copied ? (
                    <Check size={20} aria-hidden className="text-leaf-fg" />
                  ) : (
                    <Copy size={20} aria-hidden />
                  )}
                  {copied ? "Copied" : "Copy address"}
                </Button>
                <Button variant="secondary" onClick={() => setConfirming(true)}>
                  <RefreshCw size={20} aria-hidden />
                  Make a new address
                </Button>
              </div>
            )}
          </CopyField>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Make a new calendar address?"
        description="The current address stops working at once: calendars subscribed to it stop updating until you add the new one."
        action="Make new address"
        busyAction="Making…"
        busy={rotate.isPending}
        onConfirm={() => void makeNew()}
      />
    </Card>
  );
}
