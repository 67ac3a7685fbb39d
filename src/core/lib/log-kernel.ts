import {
  block,
  br,
  brIf,
  buildModule,
  type Code,
  call,
  global,
  i8x16,
  i32,
  i64,
  local,
  loop,
  ret,
  select,
  v128,
  when,
} from './wasm.js';

/**
 * The log file's byte work, as WebAssembly: a stamp before each line and terminal colour and cursor
 * sequences left out. A gigabyte of tool output passes through here; in JavaScript, even eight bytes
 * at a time, this cost more than all the rest of a step (0.85 s of CPU per GiB, against about 0.1 s
 * here), as every byte must be looked at and copied.
 *
 * A terminal sequence here is CSI (ESC [, parameters 0x30–0x3f, intermediates 0x20–0x2f, a final byte
 * 0x40–0x7e) or OSC (ESC ], anything up to BEL or ESC \), of at most MAX_SEQUENCE bytes; anything else
 * after an ESC (or a CSI with a bad final byte, an OSC cut by another ESC, a longer one) is not one,
 * and stays. UTF-8's multi-byte characters never hold these ASCII bytes, so this works on the bytes.
 */

/** The longest sequence: past it, the bytes are not one (a stray ESC before a long line). */
const MAX_SEQUENCE = 4096;

/** Memory: the stamp, the input (copied in), the output (written out from here). */
const STAMP = 0;
const STAMP_LENGTH = 25;
const IN = 64;
/** Input per call; more than MAX_SEQUENCE, so a sequence cut by the end of one piece is whole in the next. */
const IN_SIZE = 64 * 1024;
const OUT = IN + IN_SIZE;
/** Output is written out once past this much; a call adds at most a stamp and one piece beyond it. */
const OUT_SIZE = 128 * 1024;
const PAGES = Math.ceil((OUT + OUT_SIZE + IN_SIZE + 256) / 65536);

/** run() flags. */
const STRIP = 1;
/** The piece ends the input: a sequence still open at its end is held (status HELD) rather than looked at again. */
const FINAL = 2;
const STAMPS = 4;
/** Status after run(): the output is full or the piece done; a sequence open at the returned position, held; more input wanted from there. */
const DONE = 0;
const HELD = 1;
const MORE = 2;
/** seqEnd() results besides an end position. */
const NONE = -1;
const OPEN = -2;

const ESC = 0x1b;
const NEWLINE = 0x0a;

// Globals: the output position, whether the next byte starts a line, run()'s status.
const G_OUT = 0;
const G_LINE_START = 1;
const G_STATUS = 2;

/** seqEnd(esc, n): where the sequence starting at the ESC at `esc` ends; NONE, or OPEN if the input ends first. */
function seqEnd(): Code[] {
  const [esc, n, limit, j, b, open] = [0, 1, 2, 3, 4, 5];
  const ranOut = select(i32.const(OPEN), i32.const(NONE), local.get(open));
  const byteAt = (at: Code) => i32.load8_u(0, at);
  const inc = local.set(j, i32.add(local.get(j), i32.const(1)));
  /** Moves j over bytes from `low` to `low + span`. */
  const skip = (low: number, span: number) =>
    block(
      loop(
        brIf(1, i32.ge_u(local.get(j), local.get(limit))),
        brIf(1, i32.gt_u(i32.sub(byteAt(local.get(j)), i32.const(low)), i32.const(span))),
        inc,
        br(0),
      ),
    );
  return [
    // Looked at up to MAX_SEQUENCE bytes; if the input ends before that, an unfinished sequence is OPEN.
    local.set(limit, i32.add(local.get(esc), i32.const(MAX_SEQUENCE))),
    local.set(open, i32.lt_u(local.get(n), local.get(limit))),
    when(local.get(open), local.set(limit, local.get(n))),
    local.set(j, i32.add(local.get(esc), i32.const(1))),
    when(i32.ge_u(local.get(j), local.get(limit)), ret(ranOut)),
    local.set(b, byteAt(local.get(j))),
    local.set(j, i32.add(local.get(esc), i32.const(2))),
    when(
      i32.eq(local.get(b), i32.const(0x5b)),
      // CSI
      skip(0x30, 0x0f),
      skip(0x20, 0x0f),
      when(i32.ge_u(local.get(j), local.get(limit)), ret(ranOut)),
      ret(
        select(
          i32.add(local.get(j), i32.const(1)),
          i32.const(NONE),
          i32.le_u(i32.sub(byteAt(local.get(j)), i32.const(0x40)), i32.const(0x3e)),
        ),
      ),
    ),
    when(
      i32.eq(local.get(b), i32.const(0x5d)),
      // OSC: up to BEL, or ESC \ (an ESC followed by anything else ends no sequence).
      block(
        loop(
          brIf(1, i32.ge_u(local.get(j), local.get(limit))),
          local.set(b, byteAt(local.get(j))),
          when(i32.eq(local.get(b), i32.const(0x07)), ret(i32.add(local.get(j), i32.const(1)))),
          when(
            i32.eq(local.get(b), i32.const(ESC)),
            when(i32.ge_u(i32.add(local.get(j), i32.const(1)), local.get(limit)), ret(ranOut)),
            ret(
              select(
                i32.add(local.get(j), i32.const(2)),
                i32.const(NONE),
                i32.eq(byteAt(i32.add(local.get(j), i32.const(1))), i32.const(0x5c)),
              ),
            ),
          ),
          inc,
          br(0),
        ),
      ),
      ret(ranOut),
    ),
    i32.const(NONE),
  ];
}

/**
 * run(i, n, flags): copies input [i, n) to the output, a stamp before each line's first byte (STAMPS)
 * and sequences left out (STRIP), eight bytes at a time up to the next byte below 0x20. Stops when
 * the input is done, the output is past OUT_SIZE, or at a sequence still open at n; returns where.
 */
function run(): Code[] {
  const [i, n, flags, b, k, e, w, m, o, lineStart, v] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  // The output position and line start live in locals while running (globals are slower), saved on the way out.
  const out = local.get(o);
  const advance = (by: Code) => [local.set(o, i32.add(out, by)), local.set(i, i32.add(local.get(i), by))];
  const stampWord = (at: number) => i64.store(at, out, i64.load(STAMP + at, i32.const(0)));
  /** One bit for each of a vector's bytes below 0x20 (its top three bits clear). */
  const below32 = (vector: number) =>
    i8x16.bitmask(i8x16.eq(v128.and(local.get(vector), v128.splat8(0xe0)), v128.splat8(0)));
  // 32 bytes, the stamp's 25 and what the next bytes overwrite.
  const stamp = [
    stampWord(0),
    stampWord(8),
    stampWord(16),
    stampWord(24),
    local.set(o, i32.add(out, i32.const(STAMP_LENGTH))),
    local.set(lineStart, i32.const(0)),
  ];
  return [
    global.set(G_STATUS, i32.const(DONE)),
    local.set(o, global.get(G_OUT)),
    local.set(lineStart, global.get(G_LINE_START)),
    block(
      loop(
        brIf(1, i32.ge_u(local.get(i), local.get(n))),
        brIf(1, i32.gt_u(out, i32.const(OUT + OUT_SIZE))),
        when(local.get(lineStart), ...stamp),
        // Up to the next byte below 0x20: sixteen bytes at a time, all copied out, the output position
        // moving on past those before such a byte only; a piece's last bytes eight at a time.
        block(
          block(
            loop(
              brIf(1, i32.gt_u(i32.add(local.get(i), i32.const(16)), local.get(n))),
              local.set(v, v128.load(0, local.get(i))),
              v128.store(0, out, local.get(v)),
              local.set(k, below32(v)),
              when(i32.eqz(local.get(k)), ...advance(i32.const(16)), br(1)),
              ...advance(i32.ctz(local.get(k))),
              brIf(2, i32.ne(i32.load8_u(0, local.get(i)), i32.const(NEWLINE))),
              // A newline, copied out with the rest. Most lines: the next starts in this input and the
              // output has room, so its stamp goes out here and the copying goes on; else the outer loop decides.
              ...advance(i32.const(1)),
              local.set(lineStart, i32.and(i32.shr_u(local.get(flags), i32.const(2)), i32.const(1))),
              when(
                i32.and(
                  local.get(lineStart),
                  i32.and(i32.lt_u(local.get(i), local.get(n)), i32.le_u(out, i32.const(OUT + OUT_SIZE))),
                ),
                ...stamp,
                br(1),
              ),
              br(3),
            ),
          ),
          loop(
            brIf(1, i32.gt_u(i32.add(local.get(i), i32.const(8)), local.get(n))),
            local.set(w, i64.load(0, local.get(i))),
            // The high bit of each byte below 0x20; exact for the first one (Bit Twiddling Hacks' "hasless").
            local.set(
              m,
              i64.and(
                i64.and(i64.sub(local.get(w), i64.const(0x2020202020202020n)), i64.xor(local.get(w), i64.const(-1n))),
                i64.const(0x8080808080808080n),
              ),
            ),
            i64.store(0, out, local.get(w)),
            when(i64.eqz(local.get(m)), ...advance(i32.const(8)), br(1)),
            local.set(k, i32.shr_u(i32.wrap_i64(i64.ctz(local.get(m))), i32.const(3))),
            ...advance(local.get(k)),
          ),
        ),
        brIf(1, i32.ge_u(local.get(i), local.get(n))),
        local.set(b, i32.load8_u(0, local.get(i))),
        when(
          i32.and(i32.eq(local.get(b), i32.const(ESC)), i32.and(local.get(flags), i32.const(STRIP))),
          local.set(e, call(0, local.get(i), local.get(n))),
          when(
            i32.eq(local.get(e), i32.const(OPEN)),
            global.set(G_STATUS, select(i32.const(HELD), i32.const(MORE), i32.and(local.get(flags), i32.const(FINAL)))),
            br(3),
          ),
          when(i32.ge_s(local.get(e), i32.const(0)), local.set(i, local.get(e)), br(2)),
        ),
        i32.store8(0, out, local.get(b)),
        ...advance(i32.const(1)),
        when(
          i32.eq(local.get(b), i32.const(NEWLINE)),
          local.set(lineStart, i32.and(i32.shr_u(local.get(flags), i32.const(2)), i32.const(1))),
        ),
        br(0),
      ),
    ),
    global.set(G_OUT, out),
    global.set(G_LINE_START, local.get(lineStart)),
    local.get(i),
  ];
}

/** The WebAssembly API, which the ES2023 lib this project compiles against does not declare. */
const wasm = (
  globalThis as unknown as {
    WebAssembly: { Module: new (bytes: Uint8Array) => object; Instance: new (module: object) => { exports: unknown } };
  }
).WebAssembly;

let compiled: object | undefined;

function module(): object {
  compiled ??= new wasm.Module(
    buildModule({
      pages: PAGES,
      globals: { out: OUT, lineStart: 0, status: DONE },
      functions: {
        seqEnd: { params: 2, locals: ['i32', 'i32', 'i32', 'i32'], body: seqEnd() },
        run: { params: 3, locals: ['i32', 'i32', 'i32', 'i64', 'i64', 'i32', 'i32', 'v128'], body: run() },
      },
    }),
  );
  return compiled;
}

interface Exports {
  memory: { buffer: ArrayBuffer };
  run(i: number, n: number, flags: number): number;
  out: { value: number };
  lineStart: { value: number };
  status: { value: number };
}

/**
 * One stream of output through the kernel: feed() copies chunks in a piece at a time and hands the
 * output to `sink` (a view of the kernel's memory, valid until the next call) whenever it fills, and
 * at the end of each feed.
 */
export class LogKernel {
  private readonly x: Exports;
  private readonly mem: Buffer;
  private readonly flags: number;
  private stampedAt = -1;

  constructor(
    private readonly sink: (bytes: Uint8Array) => void,
    stamps: boolean,
  ) {
    this.x = new wasm.Instance(module()).exports as unknown as Exports;
    this.mem = Buffer.from(this.x.memory.buffer);
    this.flags = stamps ? STAMPS : 0;
    this.x.lineStart.value = stamps ? 1 : 0;
  }

  /** Whether the next byte starts a line. */
  get lineStart(): boolean {
    return this.x.lineStart.value === 1;
  }

  /** The stamp of now: the text rebuilt only when the millisecond changed. */
  stamp(now = Date.now()): void {
    if (now === this.stampedAt) return;
    this.stampedAt = now;
    this.mem.write(`${new Date(now).toISOString()} `, STAMP, 'latin1');
  }

  /**
   * Copies `chunks` (one stream of bytes) through, sequences left out if `strip`. Returns a sequence
   * still open at the end (not written: the next bytes decide), if any.
   */
  feed(chunks: readonly Uint8Array[], strip: boolean): Buffer | undefined {
    const { x, mem } = this;
    const flags = this.flags | (strip ? STRIP : 0);
    let c = 0;
    let off = 0;
    let fill = 0;
    for (;;) {
      while (fill < IN_SIZE && c < chunks.length) {
        const chunk = chunks[c]!;
        const take = Math.min(chunk.length - off, IN_SIZE - fill);
        mem.set(off === 0 && take === chunk.length ? chunk : chunk.subarray(off, off + take), IN + fill);
        fill += take;
        off += take;
        if (off === chunk.length) {
          c++;
          off = 0;
        }
      }
      const final = c >= chunks.length;
      const end = IN + fill;
      let at = IN;
      for (;;) {
        at = x.run(at, end, flags | (final ? FINAL : 0));
        if (x.out.value > OUT + OUT_SIZE) this.flush();
        const status = x.status.value;
        if (status === HELD) {
          this.flush();
          return Buffer.from(mem.subarray(at, end));
        }
        if (status === MORE || at >= end) break;
      }
      if (final && at >= end) {
        this.flush();
        return undefined;
      }
      // What is left (a sequence cut by the piece's end) starts the next piece.
      mem.copyWithin(IN, at, end);
      fill = end - at;
    }
  }

  /** Hands the output so far to the sink. */
  flush(): void {
    const used = this.x.out.value;
    if (used > OUT) this.sink(this.mem.subarray(OUT, used));
    this.x.out.value = OUT;
  }
}
