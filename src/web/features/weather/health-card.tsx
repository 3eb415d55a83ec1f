import { Card, CardTitle } from "../../components/ui/card";
import { type Place, useInsights } from "../../lib/weather-api";

/**
 * Spec §2: server alerts, the risks they point to and what to do. Hidden only when there are no
 * conditions and no alerts; with the weather in and nothing to warn of, it says so.
 */
export function HealthCard({ place }: { place: Place }) {
  const { data } = useInsights(place);
  const conditions = data && !("unavailable" in data) ? data.currentConditions : null;
  if (!data || (!conditions && data.alerts.length === 0)) return null;
  return (
    <Card aria-labelledby="health-title" className="border-sun-500">
      <CardTitle>
        <span id="health-title">Garden Health Alerts</span>
      </CardTitle>
      {data.alerts.length === 0 && (
        <p className="flex items-start gap-2 text-stone-900">
          <span aria-hidden>✅</span>
          <span>No risks in the forecast for {conditions?.location ?? "your garden"}.</span>
        </p>
      )}
      <ul className="flex flex-col gap-3">
        {data.alerts.map((alert) => (
          <li key={alert.kind} className="rounded-xl bg-stone-100 p-3">
            <p className="font-semibold text-stone-900">
              <span aria-hidden>⚠️ </span>
              {alert.message}
            </p>
            <p className="text-stone-700">
              <span className="font-semibold">Recommended: </span>
              {alert.action}
            </p>
          </li>
        ))}
      </ul>
    </Card>
  );
}
