import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { recordFailure } from "../lib/telemetry";

/** Shown when a page fails to load or render: say so and offer a way on. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  recordFailure("route", message);
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-4 p-6">
      <h1 className="text-[28px] font-semibold text-stone-900">This page could not be shown</h1>
      <p className="text-stone-700">
        Something went wrong while loading it. Check your connection and reload the page, or go back
        to your garden.
      </p>
      <div className="flex gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="min-h-11 rounded-xl bg-leaf-700 px-4 font-semibold text-white"
        >
          Reload
        </button>
        <Link
          to="/"
          className="inline-flex min-h-11 items-center rounded-xl border border-stone-300 px-4 font-semibold text-stone-900"
        >
          Go home
        </Link>
      </div>
    </main>
  );
}
