/**
 * The forms a secret travels in, besides itself: what an encoder or a tool prints when the value
 * passes through JSON, a URL, shell or YAML quotes, base64 or a wrapping column. The redactor masks
 * each form as it masks the value (docs/redaction.md lists them, and what is left out).
 */

/**
 * The shortest secret looked for inside other text: its encoded and split forms, the lines of a
 * multi-line secret, a secret-named environment value, a withheld secret inside a variable. A
 * shorter value ("true", a port, a region; a base64 run of a few common characters) would be masked
 * everywhere; it is masked only where it is registered whole.
 */
export const SUBSTANTIAL_SECRET_LENGTH = 8;

/** A PEM armour line: the same in every key of its kind, so no secret. */
const PEM_ARMOUR = /^-----(BEGIN|END) [A-Z ]+-----$/;

/**
 * The lines of a multi-line secret (a PEM key, say) that are secrets on their own: each substantial
 * one but the armour. A tool, a log or GitHub's masker (which matches one line at a time) meets a
 * multi-line secret a line at a time, so each is masked, and looked for, by itself too.
 */
export function secretLines(value: string): string[] {
  if (!value.includes('\n')) return [];
  return value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length >= SUBSTANTIAL_SECRET_LENGTH && !PEM_ARMOUR.test(line));
}

/** Forms up to this long are also registered split across lines at every point a wrapping tool could split them. */
const WRAPPED_UP_TO = 256;

/**
 * Values up to this long are also registered with every character `\uXXXX`-escaped: an encoder
 * does that to a password or a token, not to a kilobytes-long key (whose form, six times its
 * length, every stream would have to hold back).
 */
const FULLY_ESCAPED_UP_TO = 256;

/** The columns tools wrap base64 at: PEM and `openssl base64` at 64, `base64` and MIME at 76. */
const WRAP_COLUMNS = [64, 76] as const;

const hex4 = (unit: number, upper: boolean) => {
  const h = unit.toString(16).padStart(4, '0');
  return `\\u${upper ? h.toUpperCase() : h}`;
};

/** `text` with the UTF-16 code units `picked` picks written as `\uXXXX`. */
function unicodeEscaped(text: string, picked: (unit: number) => boolean, upper = false): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    out += picked(unit) ? hex4(unit, upper) : text[i];
  }
  return out;
}

/** Go's encoding/json escapes these for HTML safety (`<` as \u003c). */
const HTML_UNSAFE = new Set([0x3c, 0x3e, 0x26, 0x2028, 0x2029]);

/**
 * JSON string escapings: JSON.stringify's; with `\/` (PHP's json_encode); ASCII-only, every other
 * code unit as `\uxxxx` (Python's json.dumps, lower and upper case); Go's HTML-safe escapes; every
 * character as `\uXXXX` (both cases); and the JSON string inside a JSON string (a tool's JSON
 * printed inside another's, as tofu's plan shows a policy document).
 */
function jsonForms(value: string): string[] {
  const json = JSON.stringify(value).slice(1, -1);
  const forms = [json, json.replaceAll('/', '\\/'), JSON.stringify(json).slice(1, -1)];
  for (const upper of [false, true]) {
    forms.push(unicodeEscaped(json, (unit) => unit > 0x7e, upper));
    if (value.length <= FULLY_ESCAPED_UP_TO) forms.push(unicodeEscaped(value, () => true, upper));
  }
  forms.push(unicodeEscaped(json, (unit) => HTML_UNSAFE.has(unit)));
  return forms;
}

/**
 * URL encodings, each also in lower-case hex: encodeURIComponent and encodeURI; the form encoding
 * (`+` for a space); the strict RFC 3986 encoding, which also escapes `!'()*` (Python's
 * `quote(s, safe="")`, and with `+` for a space `quote_plus` and Go's `url.QueryEscape`), and it
 * with `/` left clear (Python's `quote(s)`).
 */
function urlForms(value: string): string[] {
  let component: string;
  let uri: string;
  try {
    component = encodeURIComponent(value);
    uri = encodeURI(value);
  } catch {
    // A lone surrogate cannot be encoded: no tool prints it URL-encoded either.
    return [];
  }
  const form = new URLSearchParams([['', value]]).toString().slice(1);
  const strict = component.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const forms = [
    component,
    uri,
    component.replaceAll('%20', '+'),
    form,
    strict,
    strict.replaceAll('%20', '+'),
    strict.replaceAll('%2F', '/'),
  ];
  return [...forms, ...forms.map((f) => f.replace(/%[0-9A-F]{2}/g, (pct) => pct.toLowerCase()))];
}

/**
 * A value holding `'` inside single quotes: a shell's (`'\''`, and Python's `shlex.quote`,
 * `'"'"'`) and YAML's (`''`). Without a `'` each is the value itself.
 */
function quotedForms(value: string): string[] {
  if (!value.includes("'")) return [];
  return [value.replaceAll("'", `'\\''`), value.replaceAll("'", `'"'"'`), value.replaceAll("'", "''")];
}

/**
 * The base64 characters that depend on the value's bytes alone, wherever it sits in a longer payload:
 * at each of the three byte alignments, the characters from the first one wholly inside the value to
 * the last one (the edges mix in the bytes around it). Standard and URL-safe alphabets.
 */
function base64Forms(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const forms: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const padded = Buffer.alloc(offset + bytes.length + 2);
    bytes.copy(padded, offset);
    const encoded = padded.toString('base64');
    const first = Math.ceil((8 * offset) / 6);
    const end = Math.floor((8 * (offset + bytes.length)) / 6);
    const run = encoded.slice(first, end);
    forms.push(run, run.replaceAll('+', '-').replaceAll('/', '_'));
  }
  return forms;
}

/**
 * `form` as a tool that wraps lines at `WRAP_COLUMNS` may print it: a newline after its first `a`
 * characters and every column's width after that, for every `a` (where the form starts on its line
 * is not known).
 */
function wrappedForms(form: string): string[] {
  const out = new Set<string>();
  for (const width of WRAP_COLUMNS) {
    for (let first = 1; first < Math.min(width + 1, form.length); first++) {
      let wrapped = form.slice(0, first);
      for (let at = first; at < form.length; at += width) wrapped += `\n${form.slice(at, at + width)}`;
      out.add(wrapped);
    }
  }
  return [...out];
}

/** The forms of `value` on one line: JSON, URL, quoted and base64 (duplicates and the value itself removed). */
export function encodedForms(value: string): string[] {
  if (value.length < SUBSTANTIAL_SECRET_LENGTH) return [];
  const encoded = [...jsonForms(value), ...urlForms(value), ...quotedForms(value), ...base64Forms(value)];
  const forms = new Set(encoded.filter((form) => form.length >= SUBSTANTIAL_SECRET_LENGTH));
  forms.delete(value);
  return [...forms];
}

/**
 * The forms of `value` split across lines: the value itself when it has no white space (a token a
 * tool may fold), and its base64 runs, each up to WRAPPED_UP_TO long. A few hundred per value, so
 * made only when a stream or a multi-line text needs them.
 */
export function splitForms(value: string): string[] {
  if (value.length < SUBSTANTIAL_SECRET_LENGTH) return [];
  const wrappable = [...(/\s/.test(value) ? [] : [value]), ...base64Forms(value)];
  const forms = new Set<string>();
  for (const form of wrappable) {
    if (form.length >= SUBSTANTIAL_SECRET_LENGTH && form.length <= WRAPPED_UP_TO)
      for (const w of wrappedForms(form)) forms.add(w);
  }
  return [...forms];
}
