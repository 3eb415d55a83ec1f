import { ByteBuffer } from "flatbuffers";

// A reader for the parts of a TFLite FlatBuffer (tensorflow/lite/schema/schema.fbs) that a
// quantized MobileNet needs. Field numbers below are the schema's; each table is read through
// flatbuffers' own ByteBuffer, so only the accessors are ours.

/** schema.fbs BuiltinOperator values of the operators we run. */
export const BuiltinOp = {
  ADD: 0,
  AVERAGE_POOL_2D: 1,
  CONV_2D: 3,
  DEPTHWISE_CONV_2D: 4,
  FULLY_CONNECTED: 9,
  RESHAPE: 22,
  SOFTMAX: 25,
} as const;

/** schema.fbs TensorType. */
export const TensorType = { FLOAT32: 0, INT32: 2, UINT8: 3, INT64: 4, INT8: 9 } as const;

export type Padding = "same" | "valid";
/** schema.fbs ActivationFunctionType: NONE, RELU, RELU_N1_TO_1, RELU6. */
export type Activation = "none" | "relu" | "relu_n1_to_1" | "relu6";

export interface Quantization {
  scale: number[];
  zeroPoint: number[];
  quantizedDimension: number;
}

export interface TfliteTensor {
  name: string;
  shape: number[];
  type: number;
  /** The constant's raw bytes (weights, biases); null for activations. */
  data: Uint8Array | null;
  quantization: Quantization | null;
}

export interface OperatorOptions {
  padding: Padding;
  strideW: number;
  strideH: number;
  dilationW: number;
  dilationH: number;
  depthMultiplier: number;
  filterW: number;
  filterH: number;
  activation: Activation;
  beta: number;
}

export interface TfliteOperator {
  op: number;
  inputs: number[];
  outputs: number[];
  options: OperatorOptions;
}

export interface TfliteModel {
  version: number;
  tensors: TfliteTensor[];
  operators: TfliteOperator[];
  inputs: number[];
  outputs: number[];
}

const ACTIVATIONS: Activation[] = ["none", "relu", "relu_n1_to_1", "relu6"];
/** schema.fbs: ops numbered from 127 up are in builtin_code, older ones in a byte. */
const PLACEHOLDER_FOR_GREATER_OP_CODES = 127;

class Table {
  constructor(
    readonly bb: ByteBuffer,
    readonly pos: number,
  ) {}

  private field(id: number): number {
    return this.bb.__offset(this.pos, 4 + 2 * id);
  }

  int32(id: number, fallback = 0): number {
    const o = this.field(id);
    return o ? this.bb.readInt32(this.pos + o) : fallback;
  }

  uint32(id: number, fallback = 0): number {
    const o = this.field(id);
    return o ? this.bb.readUint32(this.pos + o) : fallback;
  }

  int8(id: number, fallback = 0): number {
    const o = this.field(id);
    return o ? this.bb.readInt8(this.pos + o) : fallback;
  }

  uint8(id: number, fallback = 0): number {
    const o = this.field(id);
    return o ? this.bb.readUint8(this.pos + o) : fallback;
  }

  float32(id: number, fallback = 0): number {
    const o = this.field(id);
    return o ? this.bb.readFloat32(this.pos + o) : fallback;
  }

  string(id: number): string {
    const o = this.field(id);
    return o ? String(this.bb.__string(this.pos + o)) : "";
  }

  table(id: number): Table | null {
    const o = this.field(id);
    return o ? new Table(this.bb, this.bb.__indirect(this.pos + o)) : null;
  }

  private vector(id: number): { start: number; length: number } | null {
    const o = this.field(id);
    if (!o) return null;
    return { start: this.bb.__vector(this.pos + o), length: this.bb.__vector_len(this.pos + o) };
  }

  tables(id: number): Table[] {
    const v = this.vector(id);
    if (!v) return [];
    return Array.from(
      { length: v.length },
      (_, i) => new Table(this.bb, this.bb.__indirect(v.start + i * 4)),
    );
  }

  int32s(id: number): number[] {
    const v = this.vector(id);
    if (!v) return [];
    return Array.from({ length: v.length }, (_, i) => this.bb.readInt32(v.start + i * 4));
  }

  float32s(id: number): number[] {
    const v = this.vector(id);
    if (!v) return [];
    return Array.from({ length: v.length }, (_, i) => this.bb.readFloat32(v.start + i * 4));
  }

  int64s(id: number): number[] {
    const v = this.vector(id);
    if (!v) return [];
    return Array.from({ length: v.length }, (_, i) => Number(this.bb.readInt64(v.start + i * 8)));
  }

  bytes(id: number): Uint8Array | null {
    const v = this.vector(id);
    if (!v || v.length === 0) return null;
    return this.bb.bytes().subarray(v.start, v.start + v.length);
  }
}

function readOptions(op: number, options: Table | null): OperatorOptions {
  const base: OperatorOptions = {
    padding: "same",
    strideW: 1,
    strideH: 1,
    dilationW: 1,
    dilationH: 1,
    depthMultiplier: 1,
    filterW: 1,
    filterH: 1,
    activation: "none",
    beta: 1,
  };
  if (!options) return base;
  const padding = (id: number): Padding => (options.int8(id) === 1 ? "valid" : "same");
  const activation = (id: number): Activation => ACTIVATIONS[options.int8(id)] ?? "none";
  switch (op) {
    // Conv2DOptions: padding, stride_w, stride_h, fused_activation_function, dilation_w, dilation_h
    case BuiltinOp.CONV_2D:
      return {
        ...base,
        padding: padding(0),
        strideW: options.int32(1, 1),
        strideH: options.int32(2, 1),
        activation: activation(3),
        dilationW: options.int32(4, 1),
        dilationH: options.int32(5, 1),
      };
    // DepthwiseConv2DOptions: padding, stride_w, stride_h, depth_multiplier, activation, dilations
    case BuiltinOp.DEPTHWISE_CONV_2D:
      return {
        ...base,
        padding: padding(0),
        strideW: options.int32(1, 1),
        strideH: options.int32(2, 1),
        depthMultiplier: options.int32(3, 1),
        activation: activation(4),
        dilationW: options.int32(5, 1),
        dilationH: options.int32(6, 1),
      };
    // Pool2DOptions: padding, stride_w, stride_h, filter_width, filter_height, activation
    case BuiltinOp.AVERAGE_POOL_2D:
      return {
        ...base,
        padding: padding(0),
        strideW: options.int32(1, 1),
        strideH: options.int32(2, 1),
        filterW: options.int32(3, 1),
        filterH: options.int32(4, 1),
        activation: activation(5),
      };
    // AddOptions and FullyConnectedOptions: fused_activation_function first
    case BuiltinOp.ADD:
    case BuiltinOp.FULLY_CONNECTED:
      return { ...base, activation: activation(0) };
    // SoftmaxOptions: beta
    case BuiltinOp.SOFTMAX:
      return { ...base, beta: options.float32(0, 1) };
    default:
      return base;
  }
}

/** Parses a .tflite file's first subgraph. Throws with a plain message on a file it cannot use. */
export function readTfliteModel(bytes: Uint8Array): TfliteModel {
  const bb = new ByteBuffer(bytes);
  if (bytes.length < 8 || bb.getBufferIdentifier() !== "TFL3") {
    throw new Error("This is not a TensorFlow Lite model (no TFL3 identifier).");
  }
  // Model: version 0, operator_codes 1, subgraphs 2, description 3, buffers 4.
  const model = new Table(bb, bb.readInt32(0));
  const opcodes = model.tables(1).map((code) => {
    // OperatorCode: deprecated_builtin_code 0 (byte), custom_code 1, version 2, builtin_code 3.
    const deprecated = code.int8(0);
    return deprecated < PLACEHOLDER_FOR_GREATER_OP_CODES
      ? Math.max(deprecated, code.int32(3))
      : code.int32(3);
  });
  const buffers = model.tables(4).map((buffer) => buffer.bytes(0));
  const subgraph = model.tables(2)[0];
  if (!subgraph) throw new Error("The model has no subgraph.");

  // SubGraph: tensors 0, inputs 1, outputs 2, operators 3.
  const tensors = subgraph.tables(0).map((tensor): TfliteTensor => {
    // Tensor: shape 0, type 1, buffer 2, name 3, quantization 4.
    const q = tensor.table(4);
    const scale = q?.float32s(2) ?? [];
    return {
      shape: tensor.int32s(0),
      type: tensor.int8(1),
      data: buffers[tensor.uint32(2)] ?? null,
      name: tensor.string(3),
      // QuantizationParameters: min 0, max 1, scale 2, zero_point 3, quantized_dimension 6.
      quantization:
        q && scale.length > 0
          ? { scale, zeroPoint: q.int64s(3), quantizedDimension: q.int32(6) }
          : null,
    };
  });
  const operators = subgraph.tables(3).map((operator): TfliteOperator => {
    // Operator: opcode_index 0, inputs 1, outputs 2, builtin_options_type 3, builtin_options 4.
    const op = opcodes[operator.uint32(0)];
    if (op === undefined) throw new Error("An operator names an unknown operator code.");
    return {
      op,
      inputs: operator.int32s(1),
      outputs: operator.int32s(2),
      options: readOptions(op, operator.table(4)),
    };
  });
  return {
    version: model.uint32(0),
    tensors,
    operators,
    inputs: subgraph.int32s(1),
    outputs: subgraph.int32s(2),
  };
}
