import { Field, Input, Select } from "../../components/ui/field";
import type { CalendarCrop } from "./api/get-planting-calendar";

export interface CropFilter {
  /** A catalogue category, or "" for all of them. */
  category: string;
  name: string;
}

const CATEGORIES = [
  ["", "All kinds"],
  ["vegetable", "Vegetables"],
  ["herb", "Herbs"],
  ["fruit", "Fruit"],
  ["flower", "Flowers"],
  ["houseplant", "Houseplants"],
] as const;

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();

export function filterCrops(crops: readonly CalendarCrop[], filter: CropFilter): CalendarCrop[] {
  const name = fold(filter.name);
  return crops.filter(
    (crop) =>
      (!filter.category || crop.category === filter.category) &&
      (!name || fold(crop.name).includes(name)),
  );
}

export function CropFilters({
  filter,
  onChange,
}: {
  filter: CropFilter;
  onChange: (filter: CropFilter) => void;
}) {
  return (
    <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3 sm:max-w-xl">
      <Field label="Kind">
        {(props) => (
          <Select
            {...props}
            value={filter.category}
            onChange={(e) => onChange({ ...filter, category: e.target.value })}
          >
            {CATEGORIES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Name">
        {(props) => (
          <Input
            {...props}
            type="search"
            placeholder="e.g. tomato"
            value={filter.name}
            onChange={(e) => onChange({ ...filter, name: e.target.value })}
          />
        )}
      </Field>
    </div>
  );
}
