import sharp from "sharp";

/** The model's input side, in pixels. */
export const MODEL_SIDE = 224;

/**
 * Centred crops, as a share of the photo's shorter side (1 = the whole photo's centre square),
 * whose predictions are averaged. `npm run eval:plant-id` on the 32 reference photos, genus
 * top-1 / top-3: one view of the whole photo 18 / 20, one 0.875 crop 19 / 20, these three 20 / 20.
 * Adding a 0.6 crop gave 20 / 21 but took Coral's tightly framed sunflower from 0.91 to 0.88, and
 * a mirrored view did not help at all (docs/decisions.md).
 */
export const VIEW_CROPS = [1, 0.875, 0.75] as const;

/**
 * The photo as the model sees it: one 224×224 RGB image per crop in `crops`, raw bytes, upright.
 * Runs on libuv's thread pool (sharp), so the event loop is free meanwhile.
 */
export async function modelViews(
  photo: Buffer,
  crops: readonly number[] = VIEW_CROPS,
): Promise<Buffer[]> {
  const { data, info } = await sharp(photo)
    .rotate()
    .removeAlpha()
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const side = Math.min(info.width, info.height);
  return Promise.all(
    crops.map((share) => {
      const width = Math.max(1, Math.round(share === 1 ? info.width : side * share));
      const height = Math.max(1, Math.round(share === 1 ? info.height : side * share));
      return sharp(data, raw)
        .extract({
          left: Math.floor((info.width - width) / 2),
          top: Math.floor((info.height - height) / 2),
          width,
          height,
        })
        .resize(MODEL_SIDE, MODEL_SIDE, { fit: "cover" })
        .removeAlpha()
        .raw()
        .toBuffer();
    }),
  );
}
