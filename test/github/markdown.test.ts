import { describe, expect, it } from 'vitest';
import { withoutMentions } from '../../src/github/runner/markdown.js';

const J = '\u2060';

/** What GitHub would turn into a notification stays text; what it shows as code stays as written. */
describe('withoutMentions', () => {
  it.each([
    ['a user', 'cc @someone.', `cc @${J}someone.`],
    ['a team', 'cc @org/team', `cc @${J}org/team`],
    ['at the start of a line, twice', '@a and @b-c', `@${J}a and @${J}b-c`],
    ['an address (harmless either way)', 'ops@example.com', `ops@${J}example.com`],
    ['a lone @', 'a @ b, @-x', 'a @ b, @-x'],
    ['a fenced block', '```\n@someone\n```\n@after', `\`\`\`\n@someone\n\`\`\`\n@${J}after`],
    ['a tilde fence with an info string', '~~~ diff\n+ @keep\n~~~', '~~~ diff\n+ @keep\n~~~'],
    ['a fence closed only by one as long', '````\n```\n@in\n````\n@out', `\`\`\`\`\n\`\`\`\n@in\n\`\`\`\`\n@${J}out`],
    ['a fence closed on a CR line ending', '```\r@in\r```\r@out', `\`\`\`\r@in\r\`\`\`\r@${J}out`],
    ['a fence that is never closed (code to the end)', '```\n@in\n\n@still', '```\n@in\n\n@still'],
    // Not certainly a fence: joined, never left live.
    ['backticks in the info string (inline code)', '``` a`b\n@x\n```', `\`\`\` a\`b\n@${J}x\n\`\`\``],
    [
      'an indented fence (a list item could end it)',
      '- a\n  ```\n  @x\n- b\n@y',
      `- a\n  \`\`\`\n  @${J}x\n- b\n@${J}y`,
    ],
    ['a fence inside raw HTML', '<div>\n```\n@x\n```\n</div>', `<div>\n\`\`\`\n@${J}x\n\`\`\`\n</div>`],
    [
      'a fence in an HTML comment across a blank line',
      '<!-- x\n\n```\n@x\n```\n-->\n@y',
      `<!-- x\n\n\`\`\`\n@${J}x\n\`\`\`\n-->\n@${J}y`,
    ],
    [
      'a fence right after the end of raw HTML (read as HTML up to a blank line by an older parser)',
      '<textarea>\n</textarea>\n```\n@x\n```',
      `<textarea>\n</textarea>\n\`\`\`\n@${J}x\n\`\`\``,
    ],
    ['a line of no-break spaces (not blank)', '<div>\n\u00a0\n```\n@x\n```', `<div>\n\u00a0\n\`\`\`\n@${J}x\n\`\`\``],
    [
      'a backtick after a line separator in the info string',
      '``` a\u2028`\n@x\n```',
      `\`\`\` a\u2028\`\n@${J}x\n\`\`\``,
    ],
    [
      'a fence after raw HTML and a blank line (the plan comment)',
      '<details><summary>@s</summary>\n\n```diff\n+ @keep\n```\n</details>',
      `<details><summary>@${J}s</summary>\n\n\`\`\`diff\n+ @keep\n\`\`\`\n</details>`,
    ],
    // A code span can open on an earlier line of its paragraph: spans are joined too (invisibly).
    ['a code span', 'run `@x` now', `run \`@${J}x\` now`],
    ['a span that opened a line before', '`x\n@y `@evil`', `\`x\n@${J}y \`@${J}evil\``],
  ])('%s', (_name, text, expected) => {
    expect(withoutMentions(text)).toBe(expected);
  });
});
