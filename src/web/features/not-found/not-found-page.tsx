import { Link } from "react-router";
import { focusRing } from "../../components/ui/button";
import { cn } from "../../lib/cn";

export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <p aria-hidden className="text-[36px]">
        🌱
      </p>
      <h1 className="text-[28px] font-semibold text-stone-900">Oops! Page not found</h1>
      <p className="text-stone-700">
        Nothing grows at this address. It may have moved, or the link may be mistyped.
      </p>
      <Link
        to="/"
        className={cn(
          "inline-flex min-h-11 items-center rounded-xl bg-leaf-700 px-4 font-semibold text-white",
          focusRing,
        )}
      >
        Back to My Garden
      </Link>
    </div>
  );
}
