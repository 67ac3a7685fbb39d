// Lays out the Markdown of a plan comment as an SVG in GitHub's look, with no browser and no network: the
// headline, paragraphs, lists, quotes, tables, a folded <details> and the footer, each text run placed by an
// estimate of its width (GitHub's fonts are not here to measure). Only what plan-comment.ts writes is covered:
// anything else is drawn as plain text, never dropped.

const WIDTH = 880;
const PAD = 16;
const BODY = WIDTH - 2 * PAD - 2;
const SANS = "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'Noto Sans', Helvetica, Arial, sans-serif";
const MONO = "ui-monospace, SFMono-Regular, 'SF Mono', Menlo, Consolas, 'Liberation Mono', monospace";
const COLOURS = { text: '#1f2328', muted: '#59636e', border: '#d1d9e0', code: '#818b981f', link: '#0969da' };

type Style = 'text' | 'bold' | 'code' | 'link';
interface Run {
  text: string;
  style: Style;
}

/** The inline runs of a line: `code`, **bold**, [link](url), the rest plain. */
function inline(line: string): Run[] {
  const runs: Run[] = [];
  const pattern = /`([^`]+)`|\*\*(.+?)\*\*|\[([^\]]+)\]\([^)]*\)/g;
  let last = 0;
  for (const m of line.matchAll(pattern)) {
    if (m.index > last) runs.push({ text: line.slice(last, m.index), style: 'text' });
    if (m[1] !== undefined) runs.push({ text: m[1], style: 'code' });
    else if (m[2] !== undefined)
      runs.push(...inline(m[2]).map((r) => ({ ...r, style: r.style === 'text' ? ('bold' as const) : r.style })));
    else runs.push({ text: m[3]!, style: 'link' });
    last = m.index + m[0].length;
  }
  if (last < line.length) runs.push({ text: line.slice(last), style: 'text' });
  return runs;
}

/** An estimate of a text's width in pixels: wide emoji, narrow punctuation, monospace code. */
function widthOf(text: string, style: Style, size: number): number {
  let em = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code === 0xfe0f) continue; // the emoji presentation selector takes no room
    if (style === 'code') em += code > 0x2000 ? 1.2 : 0.6;
    else if (code > 0x2100) em += 1.25;
    else if (/[ il.,:;'|!`]/.test(ch)) em += 0.28;
    else if (/[A-ZmwW]/.test(ch)) em += 0.68;
    else em += style === 'bold' ? 0.6 : 0.52;
  }
  return em * (style === 'code' ? size * 0.85 : size) + (style === 'code' ? 8 : 0);
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The SVG being drawn, top to bottom. */
class Canvas {
  readonly parts: string[] = [];
  y = PAD;

  /** Runs drawn from x, wrapped at the body's right edge at spaces (a code span moves whole). */
  flow(
    runs: Run[],
    {
      x = PAD,
      size = 14,
      weight,
      lineHeight = 1.5,
    }: { x?: number; size?: number; weight?: Style; lineHeight?: number } = {},
  ): void {
    const step = size * lineHeight;
    let line: Run[] = [];
    let cx = x;
    const flush = () => {
      this.y += step;
      this.segments(line, x, size);
      line = [];
      cx = x;
    };
    for (const run of runs) {
      const style: Style = weight === 'bold' && run.style === 'text' ? 'bold' : run.style;
      const words = style === 'code' ? [run.text] : run.text.split(/(?<= )/);
      for (const word of words) {
        const w = widthOf(word, style, size);
        if (cx > x && cx + w > PAD + BODY) {
          flush();
          if (word === ' ') continue;
        }
        const previous = line.at(-1);
        if (previous && previous.style === style && style !== 'code') previous.text += word;
        else line.push({ text: word, style });
        cx += w;
      }
    }
    flush();
    this.y += size * 0.5;
  }

  /** One line's runs side by side from x, emoji apart (their width is the font's own). */
  segments(runs: Run[], x: number, size: number): void {
    let cx = x;
    for (const run of runs) {
      const pieces = run.style === 'code' ? [run.text] : run.text.split(/(\p{Extended_Pictographic}\uFE0F?)/u);
      for (const piece of pieces.filter(Boolean)) {
        this.word(piece, run.style, cx, size);
        cx += widthOf(piece, run.style, size);
      }
    }
  }

  /**
   * A run at x on the current line. Its estimated width is given as textLength, so the viewer's font is fitted to
   * it and runs never overlap whatever that font measures; emoji keep their own width.
   */
  word(text: string, style: Style, x: number, size: number): void {
    const baseline = this.y - size * 0.3;
    const w = widthOf(text, style, size);
    const emoji = /^\p{Extended_Pictographic}/u.test(text);
    const fitted = (width: number) =>
      emoji || !text.trim() ? '' : ` textLength="${width.toFixed(1)}" lengthAdjust="spacingAndGlyphs"`;
    if (style === 'code') {
      this.parts.push(
        `<rect x="${x.toFixed(1)}" y="${(baseline - size).toFixed(1)}" width="${(w - 2).toFixed(1)}" height="${(size * 1.35).toFixed(1)}" rx="4" fill="${COLOURS.code}"/>`,
      );
      this.text(text, x + 4, baseline, `class="m" font-size="${(size * 0.85).toFixed(1)}"${fitted(w - 10)}`);
    } else {
      const cls = { text: 't', bold: 'b', link: 'l' }[style];
      // SVG drops a text's outer spaces: they are room before and after it instead.
      const lead = widthOf(/^ */.exec(text)![0], style, size);
      const trimmed = text.trim();
      if (!trimmed) return;
      this.text(
        trimmed,
        x + lead,
        baseline,
        `class="${cls}" font-size="${size}"${fitted(widthOf(trimmed, style, size))}`,
      );
    }
  }

  text(text: string, x: number, y: number, attrs: string): void {
    this.parts.push(`<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" ${attrs}>${escapeXml(text)}</text>`);
  }

  line(x1: number, y1: number, x2: number, y2: number): void {
    this.parts.push(
      `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="${COLOURS.border}"/>`,
    );
  }

  /** A Markdown table: columns as wide as their widest cell, a header row in bold, rules between rows. */
  table(rows: string[][]): void {
    const cells = rows.map((row) => row.map((cell) => inline(cell.trim())));
    const widths = cells[0]!.map((_, i) =>
      Math.max(...cells.map((row) => (row[i] ?? []).reduce((sum, r) => sum + widthOf(r.text, r.style, 14), 0) + 26)),
    );
    const top = this.y + 6;
    let y = top;
    for (const [r, row] of cells.entries()) {
      let x = PAD;
      for (const [i, cell] of row.entries()) {
        this.y = y + 26;
        this.segments(
          cell.map((run) => ({ ...run, style: r === 0 && run.style === 'text' ? ('bold' as const) : run.style })),
          x + 13,
          14,
        );
        x += widths[i]!;
      }
      y += 34;
    }
    const right = PAD + widths.reduce((a, b) => a + b, 0);
    for (let i = 0; i <= cells.length; i++) this.line(PAD, top + i * 34, right, top + i * 34);
    let x = PAD;
    for (const w of [0, ...widths]) {
      x += w;
      this.line(x, top, x, y);
    }
    this.y = y + 16;
  }
}

/** The comment's Markdown as an SVG of a GitHub comment: a bordered box under the bot's name. */
export function markdownSvg(markdown: string): string {
  const c = new Canvas();
  c.y = 44;
  const lines = markdown.replace(/<!--[\s\S]*?-->\n?/g, '').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.trim()) continue;
    const heading = /^(#{1,6}) (.*)$/.exec(line);
    const summary = /^<details[^>]*><summary>(.*)<\/summary>$/.exec(line);
    if (heading) {
      c.flow(inline(heading[2]!), { size: 18, weight: 'bold', lineHeight: 1.4 });
      c.y += 4;
    } else if (summary) {
      // Folded, as GitHub first shows it: the summary with its triangle, the content hidden.
      c.flow([{ text: `▶ ${summary[1]}`, style: 'text' }]);
      while (i < lines.length && lines[i] !== '</details>') i++;
    } else if (line.startsWith('|')) {
      const rows: string[][] = [];
      for (; i < lines.length && lines[i]!.startsWith('|'); i++)
        if (!/^\|[-| :]+\|$/.test(lines[i]!)) rows.push(lines[i]!.slice(1, -1).split(/(?<!\\)\|/));
      i--;
      c.table(rows);
    } else if (line.startsWith('> ')) {
      const top = c.y + 4;
      c.flow(inline(line.slice(2)), { x: PAD + 16 });
      c.parts.push(
        `<rect x="${PAD}" y="${top.toFixed(1)}" width="4" height="${(c.y - top - 4).toFixed(1)}" fill="${COLOURS.border}"/>`,
      );
    } else if (line.startsWith('- ')) {
      c.flow([{ text: '•  ', style: 'text' }, ...inline(line.slice(2))], { x: PAD + 8 });
    } else {
      c.flow(inline(line));
    }
  }
  const height = Math.ceil(c.y + PAD);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}">`,
    `<rect x="0.5" y="0.5" width="${WIDTH - 1}" height="${height - 1}" rx="6" fill="#ffffff" stroke="${COLOURS.border}"/>`,
    `<path d="M0.5 36 V6.5 a6 6 0 0 1 6 -6 H${WIDTH - 6.5} a6 6 0 0 1 6 6 V36 Z" fill="#f6f8fa" stroke="${COLOURS.border}"/>`,
    `<style>.t,.b,.l{font-family:${SANS}}.b{font-weight:600}.l{fill:${COLOURS.link}}.m{font-family:${MONO}}</style>`,
    `<text x="${PAD}" y="23" class="t" font-size="14" fill="${COLOURS.muted}"><tspan class="b" fill="${COLOURS.text}">github-actions</tspan> bot commented</text>`,
    `<g fill="${COLOURS.text}">`,
    ...c.parts,
    '</g>',
    '</svg>',
    '',
  ].join('\n');
}
