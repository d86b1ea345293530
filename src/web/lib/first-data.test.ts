import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Decision 050: the answers a signed-in page's HTML carries, as the browser gives them. The page is
 * the browser's (a document with the server's JSON block); the module reads it once, so each test
 * imports a fresh copy.
 */
async function pageWith(blockText: string | null) {
  vi.stubGlobal('document', {
    getElementById: (id: string) =>
      id === 'koppel-first-data' && blockText !== null ? { textContent: blockText } : null,
  });
  vi.resetModules();
  return import('./first-data');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the first data a page came with', () => {
  it('answers each embedded GET once, with the embedded JSON', async () => {
    const first = await pageWith(
      JSON.stringify({ '/api/me/profile': { name: 'Emma' }, '/api/tasks?x=1': [] }),
    );
    expect(first.cameWithFirstData()).toBe(true);
    expect(first.hasFirstData('/api/me/profile')).toBe(true);
    const answer = first.takeFirstData('/api/me/profile');
    expect(answer?.status).toBe(200);
    expect(await answer?.json()).toEqual({ name: 'Emma' });
    expect(first.takeFirstData('/api/me/profile')).toBeUndefined();
    expect(first.takeFirstData('/api/tasks')).toBeUndefined();
    expect(await first.takeFirstData('/api/tasks?x=1')?.json()).toEqual([]);
  });

  it('drops every answer not yet taken after a change', async () => {
    const first = await pageWith(JSON.stringify({ '/api/me/profile': { name: 'Emma' }, '/api/tasks': [] }));
    expect(await first.takeFirstData('/api/tasks')?.json()).toEqual([]);
    first.dropFirstData();
    expect(first.hasFirstData('/api/me/profile')).toBe(false);
    expect(first.takeFirstData('/api/me/profile')).toBeUndefined();
  });

  it('has nothing for a page without the block or with a broken one', async () => {
    expect((await pageWith(null)).cameWithFirstData()).toBe(false);
    const broken = await pageWith('{"/api/me/profile": ');
    expect(broken.cameWithFirstData()).toBe(false);
    expect(broken.takeFirstData('/api/me/profile')).toBeUndefined();
  });
});
