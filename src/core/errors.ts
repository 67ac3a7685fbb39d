/**
 * A mistake the user can fix (bad config, missing file, wrong flag). Entry points print only its
 * message, never a stack trace; anything else is a bug and keeps its stack.
 */
export class UserError extends Error {
  override readonly name = 'UserError';
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
