/**
 * Edit distance with adjacent transpositions counted as one edit (optimal string alignment): "plna" is one
 * slip from "plan", "verison" one from "version", as a person typing sees them.
 */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/** The closest of `candidates` to a mistyped `word` (edit distance ≤ 2 and ≤ a third of it, or a prefix), for "did you mean". */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: [string, number] | undefined;
  for (const c of candidates) {
    const d = c.startsWith(word) && word.length >= 3 ? 1 : editDistance(word.toLowerCase(), c.toLowerCase());
    if (d <= Math.min(2, Math.floor(c.length / 3)) && (!best || d < best[1])) best = [c, d];
  }
  return best?.[0];
}
