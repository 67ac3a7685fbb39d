/**
 * User input echoed in a message: quoted, cut to `max` characters, and with every character one cannot
 * see written as an escape (`\u200b`), so "sandbox" and "sandbox" plus a zero-width space pasted from a
 * chat no longer look the same. Control characters, format characters (zero-width, bidirectional
 * overrides, the byte-order mark), separators other than the plain space, and unassigned or private-use
 * code points are escaped.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]|(?! )\p{Zs}/gu;

export function escapeInvisible(text: string): string {
  return text.replace(INVISIBLE, (char) => {
    const code = char.codePointAt(0)!;
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

export function quoteInput(value: string, max = Number.POSITIVE_INFINITY): string {
  const chars = [...value];
  const cut = chars.length > max ? `${chars.slice(0, max).join('')}…` : value;
  return `"${escapeInvisible(cut)}"`;
}
