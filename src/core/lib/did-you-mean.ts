/** The closest of `candidates` to a mistyped `word` (edit distance ≤ 2, or a prefix), for "did you mean". */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const distance = (a: string, b: string) => {
    let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const row = [i];
      for (let j = 1; j <= b.length; j++)
        row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = row;
    }
    return prev[b.length]!;
  };
  let best: [string, number] | undefined;
  for (const c of candidates) {
    const d = c.startsWith(word) && word.length >= 3 ? 1 : distance(word, c);
    if (d <= Math.min(2, Math.floor(c.length / 3)) && (!best || d < best[1])) best = [c, d];
  }
  return best?.[0];
}
