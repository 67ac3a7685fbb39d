import { UserError } from './errors.js';
import { quoteInput } from './echo.js';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Parses Go-style durations: `45m`, `1h30m`, `90s`, `500ms`; a bare number means seconds. */
export function parseDuration(text: string, what: string, fail: new (message: string) => Error = UserError): number {
  const input = text.trim();
  if (input.startsWith('-'))
    throw new fail(`${what}: ${quoteInput(text)} is negative; give a duration like 45m, 1h30m, 90s or 500ms`);
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(input)) ms = Number(input) * 1000;
  else {
    const parts = [...input.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
    if (parts.length === 0 || parts.map((p) => p[0]).join('') !== input) {
      throw new fail(`${what}: ${quoteInput(text)} is not a duration; use forms like 45m, 1h30m, 90s or 500ms`);
    }
    ms = parts.reduce((total, [, n, unit]) => total + Number(n) * UNIT_MS[unit!]!, 0);
  }
  if (!Number.isFinite(ms)) throw new fail(`${what}: ${quoteInput(text, 40)} is too long a duration`);
  return Math.round(ms);
}

/** Human duration in the reference's style: `0.4s`, `12s`, `3m12s`, `1h02m`. */
export function formatDuration(ms: number): string {
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)}s`;
  const totalSeconds = Math.round(ms / 1000);
  if (totalSeconds < 60) return `${totalSeconds}s`;
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours > 0) return `${hours}h${String(minutes).padStart(2, '0')}m`;
  return `${minutes}m${String(seconds).padStart(2, '0')}s`;
}
