import { Field, Select } from "../../../components/ui/field";
import { useAreaCheck, useAreas } from "../../../lib/areas-api";
import { useAuth } from "../../../lib/auth-context";
import { AreaWarnings, fitText } from "./area-warnings";

/**
 * The area a plant grows in, for the add and edit plant dialogs, with what the area's check says
 * about this crop there (how many fit, companions, rotation) before saving. Nothing shows until
 * the gardener has an area.
 */
export function AreaField({
  value,
  onChange,
  cropSlug,
  plantId,
  plantedOn,
}: {
  value: string;
  onChange: (areaId: string) => void;
  cropSlug: string | null | undefined;
  /** The plant being edited: left out of what is already in the area. */
  plantId?: string;
  plantedOn: string;
}) {
  const { status } = useAuth();
  const areas = useAreas(status === "signed-in").data ?? [];
  const chosen = areas.find((a) => a.id === value);
  const check = useAreaCheck(chosen ? value : null, cropSlug, {
    ...(plantId ? { plantId } : {}),
    plantedOn,
  });
  if (areas.length === 0 && !value) return null;
  return (
    <div className="flex flex-col gap-3">
      <Field
        label="Area (optional)"
        hint={
          chosen && check.data ? fitText(check.data.fit.more, chosen.sizeM2 !== null) : undefined
        }
      >
        {(props) => (
          <Select {...props} value={value} onChange={(e) => onChange(e.target.value)}>
            <option value="">Not in an area</option>
            {areas.map((area) => (
              <option key={area.id} value={area.id}>
                {area.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {chosen && check.data && <AreaWarnings warnings={check.data.warnings} />}
    </div>
  );
}
