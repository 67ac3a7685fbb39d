import { getOctokit } from '@actions/github';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planMarker } from '../../src/github/comments/plan-comment.js';
import { upsertStickyComment } from '../../src/github/comments/sticky-comment.js';
import { INTEGRATION_LOGIN, startGitHubStandIn, type GitHubStandIn } from '../support/github-services.js';

/** The sticky comment through the real Octokit client against a REST stand-in that records requests. */
describe('sticky plan comment', () => {
  let github: GitHubStandIn;
  const repository = 'acme/clusters';
  const target = (issueNumber: number) => ({ owner: 'acme', repo: 'clusters', issueNumber });
  const octokit = (token: string) => getOctokit(token, { baseUrl: github.url });
  const marker = planMarker('acme/prod-east');

  beforeAll(async () => {
    github = await startGitHubStandIn({
      tokens: {
        'actions-token': { pullRequests: 'write' },
        'fork-token': { pullRequests: 'read' },
        'user-token': { pullRequests: 'write', user: 'platform-bot' },
      },
    });
  });
  afterAll(async () => github?.close());

  it('creates the comment on the first push and updates the same one on the next', async () => {
    const first = await upsertStickyComment(octokit('actions-token'), target(1), marker, `${marker}\nplan one`);
    expect(first.kind).toBe('created');
    const second = await upsertStickyComment(octokit('actions-token'), target(1), marker, `${marker}\nplan two`);
    expect(second).toMatchObject({ kind: 'updated', id: (first as { id: number }).id });
    const comments = github.comments(repository, 1);
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({ author: INTEGRATION_LOGIN, body: `${marker}\nplan two` });
    expect(second.kind === 'updated' && second.url).toMatch(/\/pull\/1#issuecomment-\d+$/);
  });

  it('keeps one comment per cluster', async () => {
    await upsertStickyComment(octokit('actions-token'), target(2), marker, `${marker}\neast`);
    await upsertStickyComment(
      octokit('actions-token'),
      target(2),
      planMarker('acme/prod-west'),
      `${planMarker('acme/prod-west')}\nwest`,
    );
    await upsertStickyComment(octokit('actions-token'), target(2), marker, `${marker}\neast again`);
    expect(github.comments(repository, 2).map((c) => c.body)).toEqual([
      `${marker}\neast again`,
      `${planMarker('acme/prod-west')}\nwest`,
    ]);
  });

  it('ignores a comment with the marker written by someone else', async () => {
    github.seedComment(repository, 3, 'mallory', `> quoting the bot\n${marker}\nplease apply`);
    const outcome = await upsertStickyComment(octokit('actions-token'), target(3), marker, `${marker}\nplan`);
    expect(outcome.kind).toBe('created');
    const comments = github.comments(repository, 3);
    expect(comments.map((c) => c.author)).toEqual(['mallory', INTEGRATION_LOGIN]);
    expect(comments[0]!.body).toContain('please apply');
  });

  it('finds its comment beyond the first pages of a long conversation', async () => {
    for (let i = 0; i < 140; i++) github.seedComment(repository, 4, `reviewer-${i % 3}`, `comment ${i}`);
    const created = await upsertStickyComment(octokit('actions-token'), target(4), marker, `${marker}\nv1`);
    for (let i = 0; i < 5; i++) github.seedComment(repository, 4, 'reviewer-0', `later ${i}`);
    const updated = await upsertStickyComment(octokit('actions-token'), target(4), marker, `${marker}\nv2`);
    expect(updated).toMatchObject({ kind: 'updated', id: (created as { id: number }).id });
    expect(github.comments(repository, 4).filter((c) => c.body.includes(marker))).toHaveLength(1);
    const pages = github.requests
      .filter((r) => r.method === 'GET' && r.path === '/repos/acme/clusters/issues/4/comments')
      .map((r) => r.query.page ?? '1');
    expect(pages).toContain('2'); // 141+ comments at 100 per page
  });

  it('matches the token’s own login when it is a user token', async () => {
    const first = await upsertStickyComment(octokit('user-token'), target(5), marker, `${marker}\nby a PAT`);
    await upsertStickyComment(octokit('actions-token'), target(5), marker, `${marker}\nby actions`);
    const again = await upsertStickyComment(octokit('user-token'), target(5), marker, `${marker}\nby a PAT, again`);
    expect(again).toMatchObject({ kind: 'updated', id: (first as { id: number }).id });
    expect(github.comments(repository, 5).map((c) => c.author)).toEqual(['platform-bot', INTEGRATION_LOGIN]);
  });

  it('reports a read-only token (a fork) instead of failing', async () => {
    const outcome = await upsertStickyComment(octokit('fork-token'), target(6), marker, `${marker}\nplan`);
    expect(outcome).toMatchObject({
      kind: 'forbidden',
      message: expect.stringContaining('Resource not accessible by integration'),
    });
    expect(github.comments(repository, 6)).toEqual([]);
  });
});
