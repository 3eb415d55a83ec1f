import type { Place } from "../../../core/schemas/place";
import { PlacePicker } from "../../components/place-picker";
import { Button } from "../../components/ui/button";

/**
 * Onboarding step 1 (issue 23): a town or postcode anywhere, found and confirmed with the shared
 * place picker; Next waits for a place. A save the server refused (`error`) is said here.
 */
export function PlaceStep({
  initial,
  chosen,
  onChoose,
  onNext,
  error,
}: {
  initial: string;
  chosen: Place | null;
  onChoose: (place: Place | null) => void;
  onNext: () => void;
  error: string | null;
}) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (chosen) onNext();
      }}
      className="flex flex-col gap-4"
    >
      <h1 className="text-[28px] font-semibold text-stone-900">Where do you garden?</h1>
      <p className="text-stone-700">
        Your town or postcode tells Tendril your climate and frost dates, so advice fits your
        seasons.
      </p>
      <PlacePicker initial={initial} chosen={chosen} onChoose={onChoose} error={error} />
      <Button type="submit" disabled={!chosen}>
        Next
      </Button>
    </form>
  );
}
