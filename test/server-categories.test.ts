// GET /api/v1/categories and /api/v1/categories/:id over real HTTP (SPEC §3.1 default tree, §3.8;
// seed §4.3): the default tree of a new family, name order regardless of case, paging (default 25,
// above 100 served as 100, a page past the end empty with true totals), roots_only and parent_id
// alone and together, 400 naming the bad parameter, the bare Category with `parent` and
// `subcategories_count`, and family scoping. Every response is also checked against
// server/openapi.json (server-helpers). Categories beyond the default tree are inserted in the store
// directly: the API has no endpoint that creates one.

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { addCategory, addUser, startServer, type Json, type TestServer } from './server-helpers.ts';

const byName = (list: Json[], name: string): Json => {
  const c = list.find((x) => x.name === name);
  assert.ok(c, `${name} is a category`);
  return c;
};

/** Every category of the key's family, page by page. */
async function all(s: TestServer, key?: string, query = ''): Promise<Json[]> {
  const out: Json[] = [];
  for (let page = 1; ; page++) {
    const r = await s.api('GET', `/api/v1/categories?per_page=7&page=${page}${query}`, { key });
    assert.equal(r.status, 200);
    out.push(...r.body.categories);
    if (page >= r.body.pagination.total_pages) {
      assert.equal(out.length, r.body.pagination.total_count);
      return out;
    }
  }
}

describe('GET /api/v1/categories', () => {
  let s: TestServer;
  let list: Json[];
  let foodAndDrink: Json;
  before(async () => {
    s = await startServer();
    // Lower- and upper-case names: a byte-order sort would put 'aardvark' after every capital.
    const aardvark = addCategory(s.db, s.familyId, 'aardvark');
    addCategory(s.db, s.familyId, 'bones', aardvark);
    addCategory(s.db, s.familyId, 'ZOO');
    addCategory(s.db, s.familyId, 'zebra crossing');
    list = await all(s);
    foodAndDrink = byName(list, 'Food & Drink');
  });
  after(() => s.close());

  test('a new family has the default tree, with colours and icons', () => {
    const roots = list.filter((c) => c.parent === null).map((c) => c.name);
    for (const name of ['Income', 'Housing', 'Food & Drink', 'Transportation', 'Shopping', 'Utilities', 'Healthcare', 'Entertainment', 'Travel', 'Fees']) {
      assert.ok(roots.includes(name), `${name} is a root`);
    }
    const children = list.filter((c) => c.parent?.id === foodAndDrink.id).map((c) => c.name);
    for (const name of ['Groceries', 'Restaurants']) assert.ok(children.includes(name), `${name} under Food & Drink`);
    for (const c of list) {
      assert.match(c.color, /^#[0-9a-fA-F]{6}$/, c.name);
      assert.ok(typeof c.icon === 'string' && c.icon.length > 0, c.name);
    }
  });

  test('defaults: page 1, 25 per page, with the totals', async () => {
    const r = await s.api('GET', '/api/v1/categories');
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.pagination, { page: 1, per_page: 25, total_count: list.length, total_pages: Math.ceil(list.length / 25) });
    assert.equal(r.body.categories.length, 25);
    assert.deepEqual(r.body.categories, list.slice(0, 25));
  });

  test('ordered by name, case-insensitively, across pages', () => {
    const names = list.map((c) => c.name as string);
    const sorted = [...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0));
    assert.deepEqual(names, sorted);
    assert.equal(names[0], 'aardvark');
    assert.deepEqual(names.slice(-2), ['zebra crossing', 'ZOO']);
    assert.equal(new Set(list.map((c) => c.id)).size, list.length, 'no category twice across pages');
  });

  test('per_page=100 is served whole', async () => {
    const r = await s.api('GET', '/api/v1/categories?per_page=100');
    assert.equal(r.body.pagination.per_page, 100);
    assert.deepEqual(r.body.categories, list);
  });

  for (const q of ['roots_only=true', 'roots_only=1']) {
    test(`${q}: only categories without a parent`, async () => {
      const got = await all(s, undefined, `&${q}`);
      assert.deepEqual(got, list.filter((c) => c.parent === null));
      assert.ok(got.length >= 10);
    });
  }

  for (const q of ['roots_only=false', 'roots_only=0']) {
    test(`${q}: no filter`, async () => {
      assert.deepEqual(await all(s, undefined, `&${q}`), list);
    });
  }

  test('parent_id: the children of one category, in name order, each naming its parent', async () => {
    const r = await s.api('GET', `/api/v1/categories?parent_id=${foodAndDrink.id}`);
    assert.equal(r.status, 200);
    const want = list.filter((c) => c.parent?.id === foodAndDrink.id);
    assert.deepEqual(r.body.categories, want);
    assert.ok(want.length >= 2);
    for (const c of r.body.categories) assert.deepEqual(c.parent, { id: foodAndDrink.id, name: 'Food & Drink' });
    assert.deepEqual(r.body.pagination, { page: 1, per_page: 25, total_count: want.length, total_pages: 1 });
  });

  test('parent_id in capitals is the same id', async () => {
    const r = await s.api('GET', `/api/v1/categories?parent_id=${foodAndDrink.id.toUpperCase()}`);
    assert.equal(r.body.pagination.total_count, foodAndDrink.subcategories_count);
  });

  test('parent_id of a category without children, or of no category: empty', async () => {
    for (const id of [byName(list, 'Groceries').id, randomUUID()]) {
      const r = await s.api('GET', `/api/v1/categories?parent_id=${id}`);
      assert.equal(r.status, 200);
      assert.deepEqual(r.body, { categories: [], pagination: { page: 1, per_page: 25, total_count: 0, total_pages: 0 } });
    }
  });

  test('roots_only and parent_id combined: both hold (roots have no parent, so none)', async () => {
    const both = await s.api('GET', `/api/v1/categories?roots_only=true&parent_id=${foodAndDrink.id}`);
    assert.equal(both.status, 200);
    assert.deepEqual(both.body.categories, []);
    assert.equal(both.body.pagination.total_count, 0);
    const off = await s.api('GET', `/api/v1/categories?roots_only=false&parent_id=${foodAndDrink.id}`);
    assert.equal(off.body.pagination.total_count, foodAndDrink.subcategories_count);
  });

  const pastTheEnd: [string, () => string, () => number, number][] = [
    ['the whole list', () => 'page=99', () => list.length, 25],
    ['a filtered list', () => `parent_id=${foodAndDrink.id}&per_page=2&page=3`, () => foodAndDrink.subcategories_count, 2],
    ['roots, just past the end', () => `roots_only=1&per_page=10&page=${Math.ceil(list.filter((c) => c.parent === null).length / 10) + 1}`, () => list.filter((c) => c.parent === null).length, 10],
  ];
  for (const [what, query, total, perPage] of pastTheEnd) {
    test(`a page past the end of ${what} is an empty list with the true totals`, async () => {
      const r = await s.api('GET', `/api/v1/categories?${query()}`);
      assert.equal(r.status, 200);
      assert.deepEqual(r.body.categories, []);
      const page = Number(new URLSearchParams(query()).get('page'));
      assert.deepEqual(r.body.pagination, { page, per_page: perPage, total_count: total(), total_pages: Math.ceil(total() / perPage) });
    });
  }

  const bad: [string, string][] = [
    ['page=0', 'page'], ['page=-1', 'page'], ['page=abc', 'page'], ['page=2.5', 'page'], ['page=1e2', 'page'],
    ['per_page=0', 'per_page'], ['per_page=-5', 'per_page'], ['per_page=many', 'per_page'], ['per_page=10.5', 'per_page'],
    ['parent_id=abc', 'parent_id'], ['parent_id=123', 'parent_id'], [`parent_id=${'0'.repeat(35)}`, 'parent_id'],
    ['roots_only=yes', 'roots_only'],
  ];
  for (const [query, name] of bad) {
    test(`bad ${query} → 400 bad_request naming ${name}`, async () => {
      const r = await s.api('GET', `/api/v1/categories?${query}`);
      assert.equal(r.status, 400);
      assert.equal(r.body.error, 'bad_request');
      assert.match(r.body.message, new RegExp(`(^|[^_a-z])${name}([^_a-z]|$)`), 'the message names the parameter');
    });
  }

  test('GET /categories/:id: the bare Category, the same as in the list', async () => {
    for (const c of list) {
      const r = await s.api('GET', `/api/v1/categories/${c.id}`);
      assert.equal(r.status, 200);
      assert.deepEqual(r.body, c);
    }
  });

  for (const [what, id] of [['an unknown id', () => randomUUID()], ['a malformed id', () => 'groceries'], ['a number', () => '7']] as const) {
    test(`GET /categories/:id with ${what} → 404 not_found`, async () => {
      const r = await s.api('GET', `/api/v1/categories/${id()}`);
      assert.equal(r.status, 404);
      assert.equal(r.body.error, 'not_found');
    });
  }

  test('parent and subcategories_count agree with the tree', () => {
    const ids = new Map(list.map((c) => [c.id, c]));
    for (const c of list) {
      assert.equal(c.subcategories_count, list.filter((x) => x.parent?.id === c.id).length, c.name);
      if (c.parent !== null) {
        assert.equal(c.parent.name, ids.get(c.parent.id)?.name, c.name);
        assert.equal(ids.get(c.parent.id).parent, null, `${c.name}: two levels at most`);
      }
    }
    assert.equal(foodAndDrink.parent, null);
    assert.ok(foodAndDrink.subcategories_count >= 2);
    assert.equal(byName(list, 'aardvark').subcategories_count, 1);
    assert.deepEqual(byName(list, 'bones').parent, { id: byName(list, 'aardvark').id, name: 'aardvark' });
    assert.equal(byName(list, 'bones').subcategories_count, 0);
    assert.equal(byName(list, 'Travel').subcategories_count, 0);
  });

  test('a read key may list and read categories', async () => {
    const reader = addUser(s.db, { familyId: s.familyId, email: 'reader@example.com', scope: 'read' });
    assert.deepEqual(await all(s, reader.key), list);
    assert.equal((await s.api('GET', `/api/v1/categories/${foodAndDrink.id}`, { key: reader.key })).status, 200);
  });
});

describe('GET /api/v1/categories: per_page above 100', () => {
  let s: TestServer;
  let total: number;
  before(async () => {
    s = await startServer();
    for (let i = 0; i < 120; i++) addCategory(s.db, s.familyId, `Extra ${String(i).padStart(3, '0')}`);
    total = (await s.api('GET', '/api/v1/categories')).body.pagination.total_count;
  });
  after(() => s.close());

  for (const perPage of ['101', '500', '100000']) {
    test(`per_page=${perPage} is served as 100`, async () => {
      assert.ok(total > 100);
      const r = await s.api('GET', `/api/v1/categories?per_page=${perPage}`);
      assert.equal(r.status, 200);
      assert.equal(r.body.categories.length, 100);
      assert.deepEqual(r.body.pagination, { page: 1, per_page: 100, total_count: total, total_pages: Math.ceil(total / 100) });
      const two = await s.api('GET', `/api/v1/categories?per_page=${perPage}&page=2`);
      assert.equal(two.body.categories.length, total - 100);
      assert.equal(new Set([...r.body.categories, ...two.body.categories].map((c: Json) => c.id)).size, total);
    });
  }
});

describe('categories are scoped to the key owner\'s family', () => {
  let s: TestServer;
  let mine: Json[];
  let other: { key: string; familyId: string };
  before(async () => {
    s = await startServer();
    addCategory(s.db, s.familyId, 'Only in the first family');
    mine = await all(s);
    other = addUser(s.db, { familyId: null, email: 'neighbour@example.com', scope: 'read' });
  });
  after(() => s.close());

  test('the other family sees its own default tree and none of the first family\'s categories', async () => {
    const theirs = await all(s, other.key);
    assert.ok(theirs.length > 0, 'a new family has its defaults');
    const mineIds = new Set(mine.map((c) => c.id));
    assert.ok(theirs.every((c) => !mineIds.has(c.id)));
    assert.ok(!theirs.some((c) => c.name === 'Only in the first family'));
    assert.deepEqual(theirs.map((c) => c.name), mine.map((c) => c.name).filter((n) => n !== 'Only in the first family'));
  });

  test('GET /categories/:id of another family\'s category → 404, exactly like one that does not exist', async () => {
    const missing = randomUUID();
    const none = await s.api('GET', `/api/v1/categories/${missing}`, { key: other.key });
    for (const c of mine) {
      const r = await s.api('GET', `/api/v1/categories/${c.id}`, { key: other.key });
      assert.equal(r.status, 404);
      assert.deepEqual(r.body, none.body);
    }
  });

  test('parent_id of another family\'s category → the answer for a category that does not exist', async () => {
    const parent = byName(mine, 'Food & Drink');
    const foreign = await s.api('GET', `/api/v1/categories?parent_id=${parent.id}`, { key: other.key });
    const none = await s.api('GET', `/api/v1/categories?parent_id=${randomUUID()}`, { key: other.key });
    assert.equal(foreign.status, none.status);
    assert.deepEqual(foreign.body, none.body);
    assert.equal(foreign.body.pagination.total_count, 0);
  });
});
