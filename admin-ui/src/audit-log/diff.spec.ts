/**
 * The audit-log before/after comparison.
 */
import { changedPaths, diffRecords, flatten, formatLeaf } from './diff';

describe('flatten', () => {
  it('walks objects and arrays to dotted paths, keeping empty containers and null as leaves', () => {
    expect([...flatten({ a: 1, b: { c: 'x', d: [] }, e: [{ f: null }], g: {} })]).toEqual([
      ['a', 1],
      ['b.c', 'x'],
      ['b.d', []],
      ['e.0.f', null],
      ['g', {}],
    ]);
  });

  it('keeps a primitive root under the empty path', () => {
    expect([...flatten(42)]).toEqual([['', 42]]);
  });
});

describe('diffRecords', () => {
  it('marks changed and unchanged fields of an update', () => {
    const rows = diffRecords(
      { code: 'SPRING25', active: true, expiresAt: null, usageCount: 0 },
      { code: 'SPRING25', active: false, expiresAt: '2026-03-04T05:06:07.000Z', usageCount: 0 },
    );
    expect(rows).toEqual([
      { path: 'code', before: 'SPRING25', after: 'SPRING25', change: 'unchanged' },
      { path: 'active', before: true, after: false, change: 'changed' },
      { path: 'expiresAt', before: null, after: '2026-03-04T05:06:07.000Z', change: 'changed' },
      { path: 'usageCount', before: 0, after: 0, change: 'unchanged' },
    ]);
    expect(changedPaths(rows)).toEqual(['active', 'expiresAt']);
  });

  it('shows a create as all added and a delete as all removed', () => {
    expect(diffRecords(null, { a: 1 })).toEqual([{ path: 'a', before: undefined, after: 1, change: 'added' }]);
    expect(diffRecords({ a: 1 }, null)).toEqual([{ path: 'a', before: 1, after: undefined, change: 'removed' }]);
    expect(diffRecords(null, null)).toEqual([]);
  });

  it('compares dropdown options by index: rename, removal and addition', () => {
    const before = {
      options: [
        { value: 'A', label: 'A' },
        { value: 'B', label: 'B' },
      ],
    };
    const after = {
      options: [
        { value: 'A', label: 'Alpha' },
        { value: 'C', label: 'C' },
        { value: 'D', label: 'D' },
      ],
    };
    expect(changedPaths(diffRecords(before, after))).toEqual([
      'options.0.label',
      'options.1.value',
      'options.1.label',
      'options.2.value',
      'options.2.label',
    ]);
    expect(diffRecords(before, after).find((r) => r.path === 'options.2.value')?.change).toBe('added');
  });

  it('treats an emptied list as a change of the list path', () => {
    const rows = diffRecords({ tags: ['x'] }, { tags: [] });
    expect(rows).toEqual([
      { path: 'tags.0', before: 'x', after: undefined, change: 'removed' },
      { path: 'tags', before: undefined, after: [], change: 'added' },
    ]);
  });

  it('sees equal empty containers as unchanged', () => {
    expect(diffRecords({ a: {} }, { a: {} })[0]?.change).toBe('unchanged');
  });
});

describe('formatLeaf', () => {
  it('shows strings raw, other values as JSON and absent as empty', () => {
    expect(formatLeaf('x')).toBe('x');
    expect(formatLeaf(null)).toBe('null');
    expect(formatLeaf(false)).toBe('false');
    expect(formatLeaf([])).toBe('[]');
    expect(formatLeaf(undefined)).toBe('');
  });
});
