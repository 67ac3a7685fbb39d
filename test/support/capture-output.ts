import { inspect } from 'node:util';
import { vi } from 'vitest';

/**
 * Captures what in-process code prints (stdout, stderr, console) as lines, for canary checks:
 * call `start()` in beforeEach; `vi.restoreAllMocks()` in afterEach stops it.
 */
export function outputCapture(): { lines: string[]; start(): void } {
  const captured = {
    lines: [] as string[],
    start() {
      captured.lines = [];
      const capture = (chunk: unknown) => {
        captured.lines.push(...String(chunk).split('\n').filter(Boolean));
        return true;
      };
      vi.spyOn(process.stdout, 'write').mockImplementation(capture);
      vi.spyOn(process.stderr, 'write').mockImplementation(capture);
      for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const)
        vi.spyOn(console, level).mockImplementation(
          (...args: unknown[]) => void capture(args.map((a) => inspect(a)).join(' ')),
        );
    },
  };
  return captured;
}
