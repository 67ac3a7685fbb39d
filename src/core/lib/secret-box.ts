// Imported on first use only (src/github/runner/clients.ts secretBox(), kubespray/etcd-snapshot.ts): age and its ciphers
// are a third of what a step would otherwise load at its start.
import { Decrypter, Encrypter, armor } from 'age-encryption';
import { UserError, errorMessage } from './errors.js';

/**
 * Passphrase encryption for what must travel through channels GitHub does not mask (job outputs,
 * artifacts): age's scrypt recipient, ASCII-armoured, so the standard `age -d` tool opens it too.
 */
export async function encryptWithPassphrase(plaintext: string | Uint8Array, passphrase: string): Promise<string> {
  if (!passphrase) throw new UserError('a passphrase is required to encrypt');
  const encrypter = new Encrypter();
  encrypter.setPassphrase(passphrase);
  return armor.encode(await encrypter.encrypt(plaintext));
}

async function decrypt(armored: string, passphrase: string, what: string): Promise<Uint8Array> {
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
