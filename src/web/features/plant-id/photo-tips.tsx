import { Camera } from "lucide-react";
import { Card, CardTitle } from "../../components/ui/card";

const TIPS = [
  "Fill the frame with one plant, close enough to see the shape of a leaf or flower.",
  "Include flowers or fruit when the plant has them: they tell species apart best.",
  "Shoot in soft daylight; avoid flash, harsh shadows and backlight.",
  "Hold steady and tap to focus, so the veins and edges are sharp.",
  "A plain background helps: hold a leaf against the sky or a sheet of paper.",
];

/** Spec §2 Plant ID: photography tips. */
export function PhotoTips() {
  return (
    <Card aria-labelledby="photo-tips-title">
      <CardTitle>
        <span id="photo-tips-title" className="inline-flex items-center gap-2">
          <Camera size={20} aria-hidden className="text-leaf-fg" />
          Photography tips
        </span>
      </CardTitle>
      <ul className="flex list-disc flex-col gap-2 pl-5 text-stone-900">
        {TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </Card>
  );
}
