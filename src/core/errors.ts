/**
 * A mistake the user can fix (bad config, missing file, failed precondition). Entry points print
 * only its message, never a stack trace; anything else is a bug and keeps its stack.
 */
export class UserError extends Error {
  override readonly name: string = 'UserError';
}

/** The command line or action inputs are wrong (unknown flag, bad value): the documented exit 2. */
export class UsageError extends UserError {
  override readonly name = 'UsageError';
}

/** The run was cancelled (SIGINT/SIGTERM): exit 130, as shells report a Ctrl-C. */
export class InterruptedError extends Error {
  override readonly name = 'InterruptedError';
  constructor(message = 'interrupted') {
    super(message);
  }
}

/** The process exit codes, defined once for the CLI and documented in the README. */
export const EXIT = { ok: 0, failed: 1, usage: 2, interrupted: 130 } as const;

/** The exit code an error stands for: from its type, never from its message. */
export function exitCodeFor(error: unknown): number {
  if (error instanceof UsageError) return EXIT.usage;
  if (error instanceof InterruptedError) return EXIT.interrupted;
  return EXIT.failed;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
