import { UsageError, UserError, errorMessage } from './errors.js';

// age and its ciphers are a third of what a step would load at its start; only runs that encrypt or decrypt pay for them.
const age = () => import('age-encryption');

/**
 * The least a passphrase must have. What it encrypts (the admin kubeconfig, tofu's state, a binary
 * plan) sits in artifacts every reader of the repository can download, so it must hold against an
 * offline guess at leisure: age's scrypt makes each guess cost about a second, and 16 characters of
 * which 8 differ rule out words, names and "aaaa…" (a random 16-character base64 string is 96 bits).
 */
export const PASSPHRASE_MIN_LENGTH = 16;
export const PASSPHRASE_MIN_DISTINCT = 8;

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

/**
 * Passphrase encryption for what must travel through channels GitHub does not mask (job outputs,
 * artifacts): age's scrypt recipient, ASCII-armoured, so the standard `age -d` tool opens it too.
 */
export async function encryptWithPassphrase(plaintext: string | Uint8Array, passphrase: string): Promise<string> {
  if (!passphrase) throw new UserError('a passphrase is required to encrypt');
  const { Encrypter, armor } = await age();
  const encrypter = new Encrypter();
  encrypter.setPassphrase(passphrase);
  return armor.encode(await encrypter.encrypt(plaintext));
}

async function decrypt(armored: string, passphrase: string, what: string): Promise<Uint8Array> {
  const { Decrypter, armor } = await age();
  let ciphertext: Uint8Array;
  try {
    ciphertext = armor.decode(armored);
  } catch {
    throw new UserError(
      `${what} is not an age-encrypted, ASCII-armoured file (expected -----BEGIN AGE ENCRYPTED FILE-----)`,
    );
  }
  const decrypter = new Decrypter();
  decrypter.addPassphrase(passphrase);
  try {
    return await decrypter.decrypt(ciphertext);
  } catch (error) {
    // age says "no identity matched" for a wrong passphrase; its other complaints are about the file
    // (not age inside the armour, or cut short), where blaming the passphrase sent users the wrong way.
    const reason = errorMessage(error);
    if (/incorrect passphrase|no identity matched/i.test(reason))
      throw new UserError(`cannot decrypt ${what}: the passphrase is wrong (use the same secret that encrypted it)`);
    if (/version line|header|stanza|unknown letter/i.test(reason))
      throw new UserError(`${what} is not an age-encrypted file inside its armour (${reason})`);
    throw new UserError(`cannot decrypt ${what}: it is damaged or cut short (${reason}); pass it whole`);
  }
}

export async function decryptWithPassphrase(armored: string, passphrase: string, what: string): Promise<string> {
  return new TextDecoder().decode(await decrypt(armored, passphrase, what));
}

export async function decryptBytesWithPassphrase(
  armored: string,
  passphrase: string,
  what: string,
): Promise<Uint8Array> {
  return decrypt(armored, passphrase, what);
}
