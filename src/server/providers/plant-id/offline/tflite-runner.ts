import * as tf from "@tensorflow/tfjs-core";
import {
  type Activation,
  BuiltinOp,
  TensorType,
  type TfliteModel,
  type TfliteOperator,
  type TfliteTensor,
} from "./tflite-model";

// Runs a uint8-quantized TFLite graph with float tfjs ops. Weights are dequantized once; after
// every operator the activations are rounded back onto their tensor's uint8 grid (and clamped to
// it, which is how the integer kernels apply ReLU6), so the float graph tracks the integer one.

interface Grid {
  scale: number;
  zeroPoint: number;
}

const RANGES: Record<Activation, [number, number]> = {
  none: [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY],
  relu: [0, Number.POSITIVE_INFINITY],
  relu_n1_to_1: [-1, 1],
  relu6: [0, 6],
};

function gridOf(tensor: TfliteTensor): Grid | null {
  const q = tensor.quantization;
  if (q?.scale.length !== 1 || tensor.type !== TensorType.UINT8) return null;
  return { scale: q.scale[0] ?? 1, zeroPoint: q.zeroPoint[0] ?? 0 };
}

/** A constant's values as floats: uint8 and int32 dequantized (per tensor or per channel). */
function dequantize(tensor: TfliteTensor): Float32Array {
  const data = tensor.data;
  if (!data) throw new Error(`Tensor ${tensor.name} has no data.`);
  const count = tensor.shape.reduce((a, b) => a * b, 1);
  const raw =
    tensor.type === TensorType.UINT8
      ? data
      : tensor.type === TensorType.INT8
        ? new Int8Array(data.buffer, data.byteOffset, count)
        : tensor.type === TensorType.INT32
          ? new Int32Array(data.buffer.slice(data.byteOffset, data.byteOffset + count * 4))
          : tensor.type === TensorType.FLOAT32
            ? new Float32Array(data.buffer.slice(data.byteOffset, data.byteOffset + count * 4))
            : null;
  if (!raw) throw new Error(`Tensor ${tensor.name} has a type this runner cannot read.`);
  const q = tensor.quantization;
  if (!q || tensor.type === TensorType.FLOAT32) return Float32Array.from(raw);
  const out = new Float32Array(count);
  const perChannel = q.scale.length > 1;
  const dim = q.quantizedDimension;
  const inner = tensor.shape.slice(dim + 1).reduce((a, b) => a * b, 1);
  const channels = tensor.shape[dim] ?? 1;
  for (let i = 0; i < count; i++) {
    const c = perChannel ? Math.floor(i / inner) % channels : 0;
    out[i] = ((raw[i] ?? 0) - (q.zeroPoint[c] ?? 0)) * (q.scale[c] ?? 1);
  }
  return out;
}

type Prepared = (inputs: tf.Tensor[]) => tf.Tensor;

export class TfliteRunner {
  private readonly steps: { operator: TfliteOperator; run: Prepared }[];
  private readonly constants: tf.Tensor[] = [];

  constructor(private readonly model: TfliteModel) {
    this.steps = model.operators.map((operator) => ({ operator, run: this.prepare(operator) }));
  }

  get inputShape(): number[] {
    const input = this.model.tensors[this.model.inputs[0] ?? -1];
    if (!input) throw new Error("The model has no input tensor.");
    return input.shape;
  }

  /** uint8 RGB images [n, h, w, 3] → the last output (probabilities) as [n, classes]. */
  run(images: tf.Tensor4D): tf.Tensor2D {
    return tf.tidy(() => {
      const values = new Map<number, tf.Tensor>();
      const inputIndex = this.model.inputs[0] ?? -1;
      const inputTensor = this.model.tensors[inputIndex];
      if (!inputTensor) throw new Error("The model has no input tensor.");
      const grid = gridOf(inputTensor) ?? { scale: 1, zeroPoint: 0 };
      values.set(
        inputIndex,
        tf.mul(tf.sub(tf.cast(images, "float32"), grid.zeroPoint), grid.scale),
      );
      for (const { operator, run } of this.steps) {
        const args = operator.inputs.map((index) => values.get(index));
        const output = run(args.filter((t): t is tf.Tensor => t !== undefined));
        values.set(operator.outputs[0] ?? -1, output);
      }
      const result = values.get(this.model.outputs[0] ?? -1);
      if (!result) throw new Error("The model produced no output.");
      return tf.reshape(result, [images.shape[0], -1]) as tf.Tensor2D;
    });
  }

  dispose(): void {
    for (const tensor of this.constants) tensor.dispose();
  }

  private constant(index: number, shape?: number[]): tf.Tensor {
    const tensor = this.model.tensors[index];
    if (!tensor) throw new Error(`Operator input ${index} is missing.`);
    const t = tf.tensor(dequantize(tensor), shape ?? tensor.shape, "float32");
    this.constants.push(t);
    return t;
  }

  private keep(t: tf.Tensor): tf.Tensor {
    const kept = tf.keep(t);
    this.constants.push(kept);
    return kept;
  }

  /** Rounds onto the output tensor's uint8 grid and clamps to it and to the fused activation. */
  private requantize(operator: TfliteOperator): (x: tf.Tensor) => tf.Tensor {
    const output = this.model.tensors[operator.outputs[0] ?? -1];
    const grid = output ? gridOf(output) : null;
    const [low, high] = RANGES[operator.options.activation];
    if (!grid) {
      return Number.isFinite(low) || Number.isFinite(high)
        ? (x) => tf.clipByValue(x, low, high)
        : (x) => x;
    }
    const min = Math.max((0 - grid.zeroPoint) * grid.scale, low);
    const max = Math.min((255 - grid.zeroPoint) * grid.scale, high);
    return (x) => tf.clipByValue(tf.mul(tf.round(tf.div(x, grid.scale)), grid.scale), min, max);
  }

  private prepare(operator: TfliteOperator): Prepared {
    const { op, options, inputs } = operator;
    const requantize = this.requantize(operator);
    const [, weightIndex = -1, biasIndex = -1] = inputs;
    switch (op) {
      case BuiltinOp.CONV_2D: {
        // TFLite filters are [out, h, w, in]; tfjs wants [h, w, in, out].
        const filter = this.keep(tf.transpose(this.constant(weightIndex), [1, 2, 3, 0]));
        const bias = biasIndex >= 0 ? this.constant(biasIndex) : null;
        return ([x]) =>
          requantize(
            tf.fused.conv2d({
              x: x as tf.Tensor4D,
              filter: filter as tf.Tensor4D,
              strides: [options.strideH, options.strideW],
              pad: options.padding,
              dilations: [options.dilationH, options.dilationW],
              bias: bias ?? undefined,
            }),
          );
      }
      case BuiltinOp.DEPTHWISE_CONV_2D: {
        // TFLite: [1, h, w, in × multiplier]; tfjs: [h, w, in, multiplier].
        const shape = this.model.tensors[weightIndex]?.shape ?? [];
        const [, h = 1, w = 1, channels = 1] = shape;
        const multiplier = options.depthMultiplier;
        const filter = this.constant(weightIndex, [h, w, channels / multiplier, multiplier]);
        const bias = biasIndex >= 0 ? this.constant(biasIndex) : null;
        return ([x]) =>
          requantize(
            tf.fused.depthwiseConv2d({
              x: x as tf.Tensor4D,
              filter: filter as tf.Tensor4D,
              strides: [options.strideH, options.strideW],
              pad: options.padding,
              dilations: [options.dilationH, options.dilationW],
              bias: bias ?? undefined,
            }),
          );
      }
      case BuiltinOp.ADD:
        return ([a, b]) => requantize(tf.add(a as tf.Tensor, b as tf.Tensor));
      case BuiltinOp.AVERAGE_POOL_2D:
        return ([x]) =>
          requantize(
            tf.avgPool(
              x as tf.Tensor4D,
              [options.filterH, options.filterW],
              [options.strideH, options.strideW],
              options.padding,
            ),
          );
      case BuiltinOp.FULLY_CONNECTED: {
        // TFLite weights are [out, in]; transposed once here, as the wasm backend's fused
        // matMul with transposeB gave wrong sums for this layer.
        const weights = this.keep(tf.transpose(this.constant(weightIndex)));
        const units = weights.shape[0] ?? 1;
        const bias = biasIndex >= 0 ? this.constant(biasIndex) : null;
        return ([x]) =>
          requantize(
            tf.fused.matMul({
              a: tf.reshape(x as tf.Tensor, [-1, units]) as tf.Tensor2D,
              b: weights as tf.Tensor2D,
              bias: bias ?? undefined,
            }),
          );
      }
      case BuiltinOp.RESHAPE: {
        const shape = this.model.tensors[operator.outputs[0] ?? -1]?.shape ?? [-1];
        return ([x]) => tf.reshape(x as tf.Tensor, [-1, ...shape.slice(1)]);
      }
      // The probabilities are kept as floats: finer than the 1/256 output grid, for ranking.
      case BuiltinOp.SOFTMAX:
        return ([x]) => tf.softmax(tf.mul(x as tf.Tensor, options.beta) as tf.Tensor2D);
      default:
        throw new Error(`This model uses an operator (${op}) the offline runner does not support.`);
    }
  }
}
