import { Field, Select } from "../ui/field";
import { options } from "./labels";

/** A labelled select over one of the plant setup label maps (medium, place, lights…). */
export function ChoiceField<T extends string>({
  label,
  labels,
  value,
  onChange,
  placeholder = "Choose…",
}: {
  label: string;
  labels: Record<T, string>;
  value: T | "";
  onChange: (value: T | "") => void;
  placeholder?: string;
}) {
  return (
    <Field label={label}>
      {(props) => (
        <Select {...props} value={value} onChange={(e) => onChange(e.target.value as T | "")}>
          <option value="">{placeholder}</option>
          {options(labels).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
