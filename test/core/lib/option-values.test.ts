import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/core/lib/errors.js';
import {
  DURATION_LIMITS,
  parseDurationOption,
  parseMethod,
  parseNodeCount,
} from '../../../src/core/lib/option-values.js';

/** Every value check is a usage error (exit 2) that names the flag and says what is wrong. */
function usageError(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a usage error');
}

describe('option values', () => {
  it.each([
    ['0', 'interval', /--interval: "0" is out of range; give a duration from 0\.1s to 10m00s/],
    ['50ms', 'interval', /out of range/],
    ['11m', 'interval', /out of range/],
    ['600h', 'timeout', /--timeout: "600h" is out of range; give a duration from 1\.0s to 24h00m/],
    ['0', 'authTimeout', /out of range/],
    ['-1s', 'timeout', /"-1s" is negative/],
    ['5x', 'timeout', /"5x" is not a duration/],
    ['9'.repeat(400), 'timeout', /is too long a duration/],
    ['', 'timeout', /is not a duration/],
    ['1h 30m', 'timeout', /is not a duration/],
  ] as const)('refuses duration %j for %s', (text, option, message) => {
    const flag = option === 'authTimeout' ? '--auth-timeout' : `--${option}`;
    expect(usageError(() => parseDurationOption(text, flag, DURATION_LIMITS[option]))).toMatch(message);
  });

  it('accepts durations within bounds', () => {
    expect(parseDurationOption('1h30m', '--timeout', DURATION_LIMITS.timeout)).toBe(90 * 60_000);
    expect(parseDurationOption('300ms', '--interval', DURATION_LIMITS.interval)).toBe(300);
    expect(parseDurationOption(' 10s ', '--auth-timeout', DURATION_LIMITS.authTimeout)).toBe(10_000);
  });

  it.each(['abc', '-3', '0', '1.5', '10001', '', '3 '.repeat(3), '1e3'])('refuses node count %j', (text) => {
    expect(usageError(() => parseNodeCount(text, '--nodes'))).toMatch(
      /^--nodes: ".*" is not a node count; give a whole number from 1 to 10000$/,
    );
  });

  it('accepts node counts and methods', () => {
    expect(parseNodeCount('3', 'input nodes')).toBe(3);
    expect(parseMethod('none', '--method')).toBe('none');
    expect(usageError(() => parseMethod('kubspray', '--method'))).toBe(
      '--method: "kubspray" is not a deployment method; use one of kubespray, none, cluster-api',
    );
  });
});
