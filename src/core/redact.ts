/**
 * The one redactor behind every channel: console, log file, state, plan, summaries and comments.
 * Secret values are registered once and replaced by `***` wherever they appear.
 */
export const MASK = '***';

export class Redactor {
  private readonly secrets = new Set<string>();
  private sorted: string[] = [];

  /** Registers a secret; multi-line values also register each substantial line (PEM bodies, say). */
  add(value: string | undefined | null): void {
    if (value === undefined || value === null) return;
    const trimmed = value.trim();
    if (trimmed === '') return;
    this.secrets.add(trimmed);
    if (trimmed.includes('\n')) {
      for (const line of trimmed.split(/\r?\n/)) {
        const l = line.trim();
        if (l.length >= 8 && !/^-----(BEGIN|END) [A-Z ]+-----$/.test(l)) this.secrets.add(l);
      }
    }
    // Longest first, so a secret that contains another is masked whole.
    this.sorted = [...this.secrets].sort((a, b) => b.length - a.length);
  }

  get values(): readonly string[] {
    return this.sorted;
  }

  /** Length of the longest secret: a stream must hold back this many characters minus one. */
  get longest(): number {
    return this.sorted[0]?.length ?? 0;
  }

  redact(text: string): string {
    let out = text;
    for (const secret of this.sorted) {
      if (out.includes(secret)) out = out.split(secret).join(MASK);
    }
    return out;
  }

  /** Deep-redacts every string in a JSON-like value (state, outputs, plans). */
  redactValue<T>(value: T): T {
    if (typeof value === 'string') return this.redact(value) as T;
    if (Array.isArray(value)) return value.map((v) => this.redactValue(v)) as T;
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, this.redactValue(v)]),
      ) as T;
    }
    return value;
  }
}
