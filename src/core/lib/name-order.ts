/**
 * The order `a.localeCompare(b)` gives names of letters, digits and `_` (environment variables, keys), without ICU:
 * the first localeCompare of a process builds a collator, 10 to 60 ms of a step's start on Node 24 (npm run bench).
 * Case-blind first, `_` before digits before letters, then at the first difference of case the lower case first, as
 * the root collation does; any other name goes to localeCompare.
 */
export function compareNames(a: string, b: string): number {
  if (!PLAIN.test(a) || !PLAIN.test(b)) return a.localeCompare(b);
  const blindA = caseBlind(a);
  const blindB = caseBlind(b);
  if (blindA !== blindB) return blindA < blindB ? -1 : 1;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]! ? -1 : 1;
  return 0;
}

const PLAIN = /^[A-Za-z0-9_]*$/;
// `_` (0x5F) sorts after digits and upper case letters in code units: moved below both, letters to lower case.
const caseBlind = (name: string) => name.toLowerCase().replaceAll('_', '\u0001');
