/**
 * Just enough of the WebAssembly binary format (webassembly.github.io/spec, "Binary Format") to write
 * a small byte-crunching module in TypeScript: i32/i64 arithmetic, a few 128-bit vector operations, memory, globals, blocks and calls,
 * as folded expressions (each helper returns its operands' code, then its own opcode). The module is
 * compiled from these bytes at run time: no toolchain, no binary in the repository.
 */

export type Code = readonly number[];

const I32 = 0x7f;
const I64 = 0x7e;
const V128 = 0x7b;
const LOCAL_TYPES = { i32: I32, i64: I64, v128: V128 } as const;
const VOID = 0x40;

function uleb(value: number): number[] {
  const out: number[] = [];
  let v = value >>> 0;
  do {
    let byte = v & 0x7f;
    v >>>= 7;
    if (v !== 0) byte |= 0x80;
    out.push(byte);
  } while (v !== 0);
  return out;
}

function sleb(value: bigint): number[] {
  const out: number[] = [];
  let v = value;
  for (;;) {
    const byte = Number(v & 0x7fn);
    v >>= 7n;
    const done = (v === 0n && (byte & 0x40) === 0) || (v === -1n && (byte & 0x40) !== 0);
    out.push(done ? byte : byte | 0x80);
    if (done) return out;
  }
}

const op =
  (code: number) =>
  (...operands: Code[]): Code => [...operands.flat(), code];
/** A load or store: the address (and value) operands, then the opcode, alignment and constant offset. */
const memory =
  (code: number | readonly number[], align: number) =>
  (offset: number, ...operands: Code[]): Code => [...operands.flat(), ...[code].flat(), align, ...uleb(offset)];

export const i32 = {
  const: (value: number): Code => [0x41, ...sleb(BigInt(value | 0))],
  load8_u: memory(0x2d, 0),
  store8: memory(0x3a, 0),
  eqz: op(0x45),
  eq: op(0x46),
  ne: op(0x47),
  lt_u: op(0x49),
  gt_u: op(0x4b),
  le_u: op(0x4d),
  ge_u: op(0x4f),
  ge_s: op(0x4e),
  add: op(0x6a),
  sub: op(0x6b),
  and: op(0x71),
  ctz: op(0x68),
  shr_u: op(0x76),
  wrap_i64: op(0xa7),
};

export const i64 = {
  const: (value: bigint): Code => [0x42, ...sleb(BigInt.asIntN(64, value))],
  load: memory(0x29, 0),
  store: memory(0x37, 0),
  eqz: op(0x50),
  ctz: op(0x7a),
  sub: op(0x7d),
  and: op(0x83),
  xor: op(0x85),
};

/** A SIMD instruction: the 0xfd prefix, then its number. */
const simd =
  (code: number) =>
  (...operands: Code[]): Code => [...operands.flat(), 0xfd, ...uleb(code)];

/** 128-bit vectors (the SIMD proposal, in every engine since 2021): sixteen bytes at a time. */
export const v128 = {
  load: memory([0xfd, 0x00], 0),
  store: memory([0xfd, 0x0b], 0),
  and: simd(0x4e),
  /** Sixteen copies of one byte. */
  splat8: (byte: number): Code => [0xfd, 0x0c, ...Array.from({ length: 16 }, () => byte & 0xff)],
};

export const i8x16 = {
  eq: simd(0x23),
  /** The high bit of each lane, as the low 16 bits of an i32. */
  bitmask: simd(0x64),
};

export const local = {
  get: (index: number): Code => [0x20, index],
  set: (index: number, value: Code): Code => [...value, 0x21, index],
};

export const global = {
  get: (index: number): Code => [0x23, index],
  set: (index: number, value: Code): Code => [...value, 0x24, index],
};

/** `then` ? `a` : `b`, both evaluated. */
export const select = (a: Code, b: Code, condition: Code): Code => [...a, ...b, ...condition, 0x1b];
export const call = (func: number, ...args: Code[]): Code => [...args.flat(), 0x10, ...uleb(func)];
export const ret = (value: Code): Code => [...value, 0x0f];
/** A branch to the enclosing block (forward, its end) or loop (back, its start) `depth` levels out; 0 is the innermost. */
export const br = (depth: number): Code => [0x0c, depth];
export const brIf = (depth: number, condition: Code): Code => [...condition, 0x0d, depth];
export const block = (...body: Code[]): Code => [0x02, VOID, ...body.flat(), 0x0b];
export const loop = (...body: Code[]): Code => [0x03, VOID, ...body.flat(), 0x0b];
export const when = (condition: Code, ...body: Code[]): Code => [...condition, 0x04, VOID, ...body.flat(), 0x0b];

export interface Func {
  params: number;
  /** Locals after the params, by type. */
  locals: (keyof typeof LOCAL_TYPES)[];
  /** Statements; the last leaves the i32 result. */
  body: Code[];
}

const vector = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];
const section = (id: number, items: number[][]): number[] => {
  const content = vector(items);
  return [id, ...uleb(content.length), ...content];
};
const name = (text: string): number[] => vector([...Buffer.from(text)].map((b) => [b]));

/**
 * A module of i32 functions (each `(i32 × params) → i32`), one memory of `pages` 64 KiB pages and
 * mutable i32 globals, all exported by name (the memory as `memory`).
 */
export function buildModule(spec: {
  pages: number;
  globals: Record<string, number>;
  functions: Record<string, Func>;
}): Uint8Array {
  const funcs = Object.entries(spec.functions);
  const globals = Object.entries(spec.globals);
  const bytes = [
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(
      1,
      funcs.map(([, f]) => [0x60, ...vector(Array.from({ length: f.params }, () => [I32])), 1, I32]),
    ),
    ...section(
      3,
      funcs.map((_, i) => uleb(i)),
    ),
    ...section(5, [[0x00, ...uleb(spec.pages)]]),
    ...section(
      6,
      globals.map(([, init]) => [I32, 0x01, ...i32.const(init), 0x0b]),
    ),
    ...section(7, [
      [...name('memory'), 0x02, 0],
      ...funcs.map(([n], i) => [...name(n), 0x00, ...uleb(i)]),
      ...globals.map(([n], i) => [...name(n), 0x03, ...uleb(i)]),
    ]),
    ...section(
      10,
      funcs.map(([, f]) => {
        const body = [...vector(f.locals.map((type) => [1, LOCAL_TYPES[type]])), ...f.body.flat(), 0x0b];
        return [...uleb(body.length), ...body];
      }),
    ),
  ];
  return Uint8Array.from(bytes);
}
