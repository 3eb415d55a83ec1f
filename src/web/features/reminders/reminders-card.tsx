import { Check } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import type { Me, MePatch } from "../../../core/schemas/me";
import { Button } from "../../components/ui/button";
import { Card, CardTitle } from "../../components/ui/card";
import { Field, Select } from "../../components/ui/field";
import { Switch } from "../../components/ui/switch";
import { errorMessage } from "../../lib/api-client";
import { toast } from "../../lib/toast-store";
import { useUpdateMe } from "../../lib/use-me";
import { BrowserNotifications } from "./browser-notifications";
import {
  browserTimeZone,
  hourLabel,
  hourOptions,
  initialZone,
  offersDeviceZone,
  timeZoneGroups,
} from "./time-options";

/**
 * Settings → Reminders: when the daily reminder goes out (zone and hour) and where to (this
 * browser, e-mail). Every change is saved at once. While the profile still has the server's
 * default UTC and this browser is elsewhere, the browser's zone is shown and marked unsaved; it is
 * saved with the gardener's first change here, or with "Save time zone".
 */
export function RemindersCard({ me }: { me: Me }) {
  const update = useUpdateMe();
  const browserZone = useMemo(browserTimeZone, []);
  const [zone, setZone] = useState(() => initialZone(me.timeZone, browserZone).zone);
  const [hour, setHour] = useState(me.reminderHour);
  const [digest, setDigest] = useState(me.emailDigest);
  const [saved, setSaved] = useState(false);

  useEffect(() => setZone(initialZone(me.timeZone, browserZone).zone), [me.timeZone, browserZone]);
  useEffect(() => setHour(me.reminderHour), [me.reminderHour]);
  useEffect(() => setDigest(me.emailDigest), [me.emailDigest]);

  const { utc, groups } = useMemo(
    () => timeZoneGroups([me.timeZone, browserZone]),
    [me.timeZone, browserZone],
  );
  const hours = useMemo(() => hourOptions(), []);
  const zoneUnsaved = zone !== me.timeZone;
  // A gardener who has moved, or travels: their saved zone and this device's disagree.
  const deviceElsewhere = !zoneUnsaved && offersDeviceZone(me.timeZone, browserZone);

  async function save(patch: MePatch) {
    setSaved(false);
    // The zone on screen is the one reminders should use: an unsaved suggestion goes along.
    const body = zoneUnsaved && patch.timeZone === undefined ? { timeZone: zone, ...patch } : patch;
    try {
      await update.mutateAsync(body);
      setSaved(true);
    } catch (error) {
      setZone(initialZone(me.timeZone, browserZone).zone);
      setHour(me.reminderHour);
      setDigest(me.emailDigest);
      toast({
        title: "Couldn't save your reminder settings",
        description: errorMessage(error),
        variant: "destructive",
      });
    }
  }

  return (
    <Card id="reminders" aria-labelledby="reminders-title" className="scroll-mt-24">
      <CardTitle
        action={
          <p role="status" className="flex min-h-6 items-center gap-1 text-sm text-stone-700">
            {update.isPending ? (
              "Saving…"
            ) : saved ? (
              <>
                <Check size={16} aria-hidden className="text-leaf-fg" /> Saved
              </>
            ) : null}
          </p>
        }
      >
        <span id="reminders-title">Reminders</span>
      </CardTitle>
      <p className="mb-4 text-stone-700">
        Once a day, when tasks are due today or overdue, Tendril sends you one reminder listing
        them.
      </p>
      <div className="flex flex-col gap-4">
        <Field label="Time zone" hint={zoneUnsaved ? undefined : `Reminders use ${me.timeZone}.`}>
          {(props) => (
            <Select
              {...props}
              value={zone}
              onChange={(event) => {
                setZone(event.target.value);
                void save({ timeZone: event.target.value });
              }}
            >
              <option value={utc.value}>{utc.label}</option>
              {groups.map((group) => (
                <optgroup key={group.region} label={group.region}>
                  {group.zones.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </optgroup>
              ))}
            </Select>
          )}
        </Field>
        {zoneUnsaved && (
          <div className="-mt-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-xl bg-stone-100 p-3 text-sm text-stone-900">
            <p>
              Your browser's time zone, not saved yet: reminders use {me.timeZone} until you save it
              or change a setting here.
            </p>
            <Button
              size="sm"
              variant="secondary"
              className="min-h-11"
              disabled={update.isPending}
              onClick={() => void save({ timeZone: zone })}
            >
              Save time zone
            </Button>
          </div>
        )}
        {deviceElsewhere && (
          <div className="-mt-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-2 rounded-xl bg-stone-100 p-3 text-sm text-stone-900">
            <p>This device is set to {browserZone}.</p>
            <Button
              size="sm"
              variant="secondary"
              className="min-h-11 whitespace-normal"
              disabled={update.isPending}
              onClick={() => void save({ timeZone: browserZone })}
            >
              Use this device's time zone ({browserZone})
            </Button>
          </div>
        )}
        <Field
          label="Remind me at"
          hint={`Sent at ${hourLabel(hour)} in your time zone, only on days with something due.`}
        >
          {(props) => (
            <Select
              {...props}
              value={hour}
              onChange={(event) => {
                const next = Number(event.target.value);
                setHour(next);
                void save({ reminderHour: next });
              }}
            >
              {hours.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="flex flex-col gap-4 border-t border-stone-300 pt-4">
          <BrowserNotifications
            onTurnedOn={() => (zoneUnsaved ? save({ timeZone: zone }) : undefined)}
          />
          <Switch
            label="E-mail digest"
            description={
              <>
                The same daily list by e-mail to{" "}
                <span className="[overflow-wrap:anywhere]">{me.email}</span>. Each e-mail has a
                one-click unsubscribe link.
              </>
            }
            checked={digest}
            busy={update.isPending}
            onCheckedChange={(next) => {
              setDigest(next);
              void save({ emailDigest: next });
            }}
          />
        </div>
      </div>
    </Card>
  );
}
