/**
 * A deploy racing others for the lock, as a separate process (run with `node --import tsx`). For each
 * line `<lock file>\t<epoch ms>` on stdin it waits until that instant, so that all racers try at
 * once, then tries to take the lock and answers `won <pid>` or `refused <message>`. A won lock is
 * kept (never released) until stdin closes, so that a later racer cannot legitimately win it again.
 */
import { createInterface } from 'node:readline';
import { UserError } from '../../src/core/lib/errors.js';
import { acquireDeployLock } from '../../src/core/lib/lock.js';

const reply = (line: string) => process.stdout.write(`${line.replace(/\n/g, ' ')}\n`);
reply('ready');
for await (const line of createInterface({ input: process.stdin })) {
  const [file, startAt] = line.split('\t');
  while (Date.now() < Number(startAt)) {
    // spin: a timer would wake the racers too far apart to race
  }
  try {
    await acquireDeployLock(file!, 'acme/prod');
    reply(`won ${process.pid}`);
  } catch (error) {
    reply(error instanceof UserError ? `refused ${error.message}` : `error ${String(error)}`);
  }
}
