import { UsageError } from './errors.js';

/**
 * The least a passphrase must have. What it encrypts (the admin kubeconfig, tofu's state, a binary
 * plan) sits in artifacts every reader of the repository can download, so it must hold against an
 * offline guess at leisure: age's scrypt makes each guess cost about a second, and 16 characters of
 * which 8 differ rule out words, names and "aaaa…" (a random 16-character base64 string is 96 bits).
 */
export const PASSPHRASE_MIN_LENGTH = 16;
const PASSPHRASE_MIN_DISTINCT = 8;

/** Throws a usage error naming `name` (the input) when `passphrase` is below the minimum above; never echoes it. */
export function requireStrongPassphrase(passphrase: string, name: string): void {
  const characters = [...passphrase];
  const distinct = new Set(characters).size;
  if (characters.length >= PASSPHRASE_MIN_LENGTH && distinct >= PASSPHRASE_MIN_DISTINCT) return;
  const problem =
    characters.length < PASSPHRASE_MIN_LENGTH
      ? `it has ${characters.length} characters, fewer than ${PASSPHRASE_MIN_LENGTH}`
      : `it has only ${distinct} different characters, fewer than ${PASSPHRASE_MIN_DISTINCT}`;
  throw new UsageError(
    `${name} is too weak to protect what anyone who can read the repository can download: ${problem}; store a random one, e.g. the output of \`openssl rand -base64 24\` (docs/secrets.md)`,
  );
}
