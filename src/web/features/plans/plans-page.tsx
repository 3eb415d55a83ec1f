import { Check } from "lucide-react";
import { PLAN_DAILY_LIMITS } from "../../../core/plans";
import { focusRing } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { PageHeader } from "../../components/ui/misc";
import { cn } from "../../lib/cn";
import { useAppConfig } from "../../lib/use-app-config";
import { useMe } from "../../lib/use-me";

const features = {
  free: [
    "Weather, season and planting guidance",
    "Plant tracker with care tasks",
    "Plant identification",
  ],
  pro: [
    "Everything in Free",
    "Room for long conversations with the assistant",
    "Disease check when it arrives",
  ],
};

export function PlansPage() {
  const { data: config } = useAppConfig();
  const me = useMe();
  const current = me.data?.plan ?? "free";
  const upgrade = config?.upgradeEmail;
  return (
    <div>
      <PageHeader title="Plans" />
      <div className="grid gap-6 md:grid-cols-2">
        <Card className={cn(current === "free" && "border-2 border-leaf-500")}>
          <h2 className="text-[22px] font-semibold">Free</h2>
          <p className="mt-1 text-stone-700">{PLAN_DAILY_LIMITS.free} messages per day</p>
          <PlanFeatures items={features.free} />
          {current === "free" && (
            <p className="mt-4 font-semibold text-leaf-fg">Your current plan</p>
          )}
        </Card>
        <Card className={cn(current === "pro" && "border-2 border-leaf-500")}>
          <h2 className="text-[22px] font-semibold">Pro</h2>
          <p className="mt-1 text-stone-700">Up to {PLAN_DAILY_LIMITS.pro} messages per day</p>
          <PlanFeatures items={features.pro} />
          {current === "pro" ? (
            <p className="mt-4 font-semibold text-leaf-fg">Your current plan</p>
          ) : upgrade ? (
            <a
              href={`mailto:${upgrade}?subject=${encodeURIComponent("Upgrade to Tendril Pro")}`}
              className={cn(
                "mt-4 inline-flex min-h-11 items-center rounded-xl bg-leaf-700 px-4 font-semibold text-white",
                focusRing,
              )}
            >
              Contact us to upgrade
            </a>
          ) : (
            <p className="mt-4 text-stone-700">To upgrade, ask whoever runs this Tendril server.</p>
          )}
        </Card>
      </div>
    </div>
  );
}

function PlanFeatures({ items }: { items: string[] }) {
  return (
    <ul className="mt-4 flex flex-col gap-2">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2 text-stone-900">
          <Check size={20} aria-hidden className="mt-0.5 shrink-0 text-leaf-500" />
          {item}
        </li>
      ))}
    </ul>
  );
}
