/**
 * Text we did not write (resource addresses, node names, messages naming them) put into Markdown
 * that GitHub renders: it must show as written and do nothing else — no markup, no HTML (a fake
 * `<!-- marker -->`), no @mention or #reference that notifies someone, no line break that starts a
 * new block.
 */

/** Control characters and line breaks: one line stays one line. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** At most `max` characters (cut ones end in `…`), control characters as spaces. */
function oneLine(text: string, max: number): string {
  const line = text.replace(CONTROL, ' ');
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * The inside of a code span: GitHub shows it literally (no markup, mention or link). A backtick
 * would close the span, so it becomes `'`; in a table cell `|` would end the cell, so it is escaped
 * (GitHub's tables take `\|` inside code spans too).
 */
export function codeText(text: string, { max = 300, table = false }: { max?: number; table?: boolean } = {}): string {
  const code = oneLine(text, max).replace(/`/g, "'");
  return table ? code.replace(/\|/g, '\\|') : code;
}

/** ASCII punctuation, which CommonMark lets a backslash make literal. */
const PUNCTUATION = /[!-/:-@[-`{-~]/g;
const ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;' };
/** U+2060 WORD JOINER: invisible, and ends the name GitHub would read as @someone or #123. */
const WORD_JOINER = '\u2060';

/**
 * Plain text, shown as written: every ASCII punctuation character escaped (`<`, `>` and `&` as
 * entities, so the raw body never holds `<!--`), and `@` and `#` followed by a word joiner, which
 * GitHub's mention and reference links do not cross.
 */
export function plainText(text: string, { max = 500 }: { max?: number } = {}): string {
  return oneLine(text, max).replace(
    PUNCTUATION,
    (c) => ENTITIES[c] ?? (c === '@' || c === '#' ? `\\${c}${WORD_JOINER}` : `\\${c}`),
  );
}
