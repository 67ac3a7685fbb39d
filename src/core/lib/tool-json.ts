import type { z } from 'zod';
import { UserError } from './errors.js';

/** What to say when a tool's output is not JSON, or JSON of the wrong shape. */
export interface ToolJsonErrors {
  notJson: string;
  invalid: (issues: readonly z.core.$ZodIssue[]) => string;
}

/**
 * The one way a tool's JSON output (kubectl, clusterctl, tofu) is read: parsed, then checked against
 * the zod schema of the parts we use; either failure is a UserError saying which.
 */
export function parseToolJson<T>(text: string, schema: z.ZodType<T>, errors: ToolJsonErrors): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UserError(errors.notJson);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new UserError(errors.invalid(parsed.error.issues));
  return parsed.data;
}

/**
 * The usual messages: "<command> did not print JSON (N bytes<detail>)" and "<command> printed
 * something that is not <noun>: <path> <message>" (the first issue).
 */
export function notJsonOf(command: string, text: string, noun: string, detail = ''): ToolJsonErrors {
  return {
    notJson: `${command} did not print JSON (${text.length} bytes${detail})`,
    invalid: (issues) =>
      `${command} printed something that is not ${noun}: ${issues[0]?.path.join('.')} ${issues[0]?.message}`,
  };
}
