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
export const WORD_JOINER = '\u2060';

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

/** A fence's opening line at the left margin (one indented could belong to a list item the fence ends with). */
const FENCE_OPEN = /^(`{3,}(?![^`]*`)|~{3,})/;
/**
 * Where raw HTML starts (CommonMark 4.6): a fence in it is text. Kinds 1-5 run to their end marker, the others to a
 * blank line; here every kind runs on to a blank line, as cmark-gfm, older, reads `<textarea>`.
 */
const HTML_START = /^ {0,3}</;
const BLANK = /^[ \t]*$/;
const HTML_END: [RegExp, RegExp][] = [
  [/^ {0,3}<(pre|script|style|textarea)(\s|>|$)/i, /<\/(pre|script|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
];

/**
 * Markdown someone else wrote, posted as ours: every `@name` and `@org/team` followed by a word joiner (as plainText
 * does), so GitHub notifies no one, except in fenced code blocks, which stay as written. Whether backticks make a code
 * span depends on the block around them (a span can open on the line before), so spans are not told apart: a joiner
 * there is invisible. A fence counts only where it certainly is one (at the left margin, not in raw HTML); any doubt
 * leaves the text joined, never a mention live.
 */
export function withoutMentions(markdown: string): string {
  const parts = markdown.split(/(\r\n|\r|\n)/);
  let fence: string | undefined;
  let html: RegExp | 'blank' | undefined;
  for (let i = 0; i < parts.length; i += 2) {
    const line = parts[i]!;
    if (fence) {
      const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line)?.[1];
      if (close && close[0] === fence[0] && close.length >= fence.length) fence = undefined;
      continue;
    }
    if (html === 'blank' && BLANK.test(line)) html = undefined;
    else if (!html && HTML_START.test(line)) html = HTML_END.find(([start]) => start.test(line))?.[1] ?? 'blank';
    const opens = !html && FENCE_OPEN.exec(line)?.[1];
    parts[i] = line.replace(/@(?=[A-Za-z0-9])/g, `@${WORD_JOINER}`);
    if (html instanceof RegExp && html.test(line)) html = 'blank';
    if (opens) fence = opens;
  }
  return parts.join('');
}
