import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownSvg } from '../../scripts/markdown-svg.js';
import { IMAGE, planCommentImage, sandboxPlanComment } from '../../scripts/plan-comment-image.js';
import { ROOT } from '../support/action-runner.js';

/** The texts an SVG draws, in order (entities decoded). */
const drawn = (svg: string) =>
  [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) =>
    m[1]!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&'),
  );

describe('docs/images/plan-comment.svg, the plan comment in docs/pull-request-plans.md', () => {
  it('is the image scripts/plan-comment-image.ts makes from a real sandbox plan and the current renderer', async () => {
    const committed = readFileSync(path.join(ROOT, IMAGE), 'utf8');
    expect(committed, 'run `npx tsx scripts/plan-comment-image.ts` and commit the image').toBe(
      await planCommentImage(),
    );
  }, 120_000);

  it("draws the comment's headline, node decision, resources and steps as the renderer wrote them", async () => {
    const markdown = await sandboxPlanComment();
    expect(markdown).toMatch(/^<!-- cluster-deploy-plan:demo\/sandbox -->\n/);
    const text = drawn(markdownSvg(markdown)).join(' ');
    expect(text).toContain('Plan for demo/sandbox — 2 to add, 0 to change, 1 to destroy (1 of them replaced)');
    expect(text).toContain('scale.yml --limit sandbox-worker-1 after');
    expect(text).toContain('module.worker[1].terraform_data.server');
    expect(text).toContain('An apply would run:');
    expect(text).toMatch(/▶ Full plan \(\d+ lines\)/);
  }, 120_000);

  it('is linked from docs/pull-request-plans.md', () => {
    expect(readFileSync(path.join(ROOT, 'docs/pull-request-plans.md'), 'utf8')).toContain('](images/plan-comment.svg)');
  });
});

describe('markdownSvg', () => {
  it.each([
    ['hidden markers are not drawn', '<!-- cluster-deploy-plan:a/b -->\n### Plan', ['Plan'], ['cluster-deploy-plan']],
    [
      'markup in the text is escaped, never SVG',
      '### `<script>alert(1)</script>` & co',
      ['<script>alert(1)</script>', '& co'],
      [],
    ],
    [
      'a <details> block is folded: its summary drawn, its content not',
      '<details><summary>Full plan (2 lines)</summary>\n\n```diff\n+ secret-looking line\n```\n</details>\nafter',
      ['▶ Full plan (2 lines)', 'after'],
      ['secret-looking line'],
    ],
    [
      'a table draws every cell but the rule row',
      '| action | resource |\n|---|---|\n| ➕ create | `a.b` |',
      ['action', 'resource', 'create', 'a.b'],
      ['---'],
    ],
    ['a quote and a list item keep their text', '> **⛔ refused:** why\n- one', ['refused:', 'why', 'one'], []],
  ])('%s', (_, markdown, shown, hidden) => {
    const svg = markdownSvg(markdown);
    const text = drawn(svg).join(' ');
    for (const s of shown) expect(text).toContain(s);
    for (const s of hidden) expect(svg).not.toContain(s);
    expect(svg).not.toMatch(/<script/);
  });

  it('wraps a long line within the width: a longer text makes a taller image, never a wider one', () => {
    const size = (svg: string) => /width="(\d+)" height="(\d+)"/.exec(svg)!.slice(1).map(Number);
    const [w1, h1] = size(markdownSvg('short'));
    const [w2, h2] = size(markdownSvg(`${'word '.repeat(400)}`));
    expect(w2).toBe(w1);
    expect(h2!).toBeGreaterThan(h1! + 200);
  });
});
