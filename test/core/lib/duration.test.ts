import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from '../../../src/core/lib/duration.js';

describe('durations', () => {
  it('parses the forms users type', () => {
    expect(parseDuration('45m', 't')).toBe(45 * 60_000);
    expect(parseDuration('1h30m', 't')).toBe(90 * 60_000);
    expect(parseDuration('5s', 't')).toBe(5000);
    expect(parseDuration('500ms', 't')).toBe(500);
    expect(parseDuration('90', 't')).toBe(90_000);
  });

  it('names the option in the error for nonsense', () => {
    expect(() => parseDuration('soon', '--timeout')).toThrow(/--timeout: "soon" is not a duration/);
    expect(() => parseDuration('5x', '--interval')).toThrow(/--interval/);
  });

  it('formats like the reference', () => {
    expect(formatDuration(400)).toBe('0.4s');
    expect(formatDuration(38_000)).toBe('38s');
    expect(formatDuration(192_000)).toBe('3m12s');
    expect(formatDuration(3_720_000)).toBe('1h02m');
  });
});
