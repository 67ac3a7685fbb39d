/**
 * Runs a call into a GitHub client library (artifacts, cache) with its progress lines held back:
 * a state save after every step would otherwise put a dozen "Uploading artifact…" lines between
 * the step groups. Workflow commands (`::debug::`, `::warning::`, `::add-mask::`, …) pass at once;
 * the held lines are printed only if the call fails, where they help.
 */
export async function quietly<T>(call: () => Promise<T>): Promise<T> {
  const write = process.stdout.write;
  const held: string[] = [];
  process.stdout.write = function (this: NodeJS.WriteStream, chunk: string | Uint8Array, ...rest: unknown[]): boolean {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (text.startsWith('::')) return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    held.push(text);
    const callback = rest.find((arg): arg is () => void => typeof arg === 'function');
    callback?.();
    return true;
  } as typeof process.stdout.write;
  try {
    return await call();
  } catch (error) {
    process.stdout.write = write;
    if (held.length) process.stdout.write(held.join(''));
    throw error;
  } finally {
    process.stdout.write = write;
  }
}
