import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { modelFiles } from "./model-files";
import { BuiltinOp, readTfliteModel, TensorType } from "./tflite-model";

const bytes = fs.readFileSync(modelFiles().model);
const model = readTfliteModel(bytes);

describe("readTfliteModel on plants_V1.tflite", () => {
  it("finds the six operators of a quantized MobileNet V2, in graph order", () => {
    const counts = new Map<number, number>();
    for (const { op } of model.operators) counts.set(op, (counts.get(op) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({
      [BuiltinOp.CONV_2D]: 35,
      [BuiltinOp.DEPTHWISE_CONV_2D]: 17,
      [BuiltinOp.ADD]: 10,
      [BuiltinOp.AVERAGE_POOL_2D]: 1,
      [BuiltinOp.FULLY_CONNECTED]: 1,
      [BuiltinOp.SOFTMAX]: 1,
    });
    expect(model.operators[0]?.op).toBe(BuiltinOp.CONV_2D);
    expect(model.operators.at(-1)?.op).toBe(BuiltinOp.SOFTMAX);
  });

  it("reads the uint8 input [1,224,224,3] on the (x − 128) / 128 grid and 2,102 outputs", () => {
    const input = model.tensors[model.inputs[0] ?? -1];
    expect(input?.shape).toEqual([1, 224, 224, 3]);
    expect(input?.type).toBe(TensorType.UINT8);
    expect(input?.quantization).toEqual({
      scale: [1 / 128],
      zeroPoint: [128],
      quantizedDimension: 0,
    });
    expect(model.tensors[model.outputs[0] ?? -1]?.shape).toEqual([1, 2102]);
  });

  it("reads each operator's options: the stem is a 3×3 stride-2 SAME convolution", () => {
    const stem = model.operators[0];
    expect(stem?.options).toMatchObject({ padding: "same", strideW: 2, strideH: 2 });
    const weights = model.tensors[stem?.inputs[1] ?? -1];
    expect(weights?.shape).toEqual([32, 3, 3, 3]);
    expect(weights?.data?.length).toBe(32 * 3 * 3 * 3);
    const pool = model.operators.find((o) => o.op === BuiltinOp.AVERAGE_POOL_2D);
    expect(pool?.options).toMatchObject({ padding: "valid", filterW: 7, filterH: 7 });
  });

  it("reads the same model from bytes that do not start on a 4-byte boundary", () => {
    const shifted = new Uint8Array(bytes.length + 1).subarray(1);
    shifted.set(bytes);
    const again = readTfliteModel(shifted);
    expect(again.operators).toEqual(model.operators);
    expect(again.tensors.map(({ data, ...rest }) => rest)).toEqual(
      model.tensors.map(({ data, ...rest }) => rest),
    );
    expect(again.tensors.map((t) => t.data?.length)).toEqual(
      model.tensors.map((t) => t.data?.length),
    );
  });

  it("refuses a file that is not a TFLite model", () => {
    expect(() => readTfliteModel(new TextEncoder().encode("not a model at all"))).toThrow(
      /not a TensorFlow Lite model/,
    );
  });
});
