/**
 * Audit-log record links: which page opens the changed record, and the shortened link text.
 */
import { recordLinkTarget, shorten } from './recordLink';

const pages = {
  applications: { hasShow: true, hasEdit: false },
  'discount-codes': { hasShow: false, hasEdit: true },
  users: { hasEdit: true },
  'audit-log': { hasShow: true },
};

describe('recordLinkTarget', () => {
  it('opens the show page when the resource has one', () => {
    expect(recordLinkTarget({ resource: 'applications', recordId: 'a1', action: 'withdraw' }, pages)).toEqual({
      resource: 'applications',
      id: 'a1',
      page: 'show',
    });
  });

  it('opens the edit page when the resource has no show page', () => {
    expect(recordLinkTarget({ resource: 'discount-codes', recordId: 'c1', action: 'update' }, pages)).toEqual({
      resource: 'discount-codes',
      id: 'c1',
      page: 'edit',
    });
    expect(recordLinkTarget({ resource: 'users', recordId: 'u1', action: 'create' }, pages)?.page).toBe('edit');
  });

  it('has no link for an entry without a record, a deletion, or a resource without a page', () => {
    expect(recordLinkTarget({ resource: 'applications', recordId: null, action: 'export' }, pages)).toBeNull();
    expect(recordLinkTarget({ resource: 'applications', recordId: '', action: 'update' }, pages)).toBeNull();
    expect(recordLinkTarget({ resource: 'discount-codes', recordId: 'c1', action: 'delete' }, pages)).toBeNull();
    expect(recordLinkTarget({ resource: 'time-logs', recordId: '7', action: 'update' }, pages)).toBeNull();
    expect(recordLinkTarget({ resource: 'users', recordId: 'u1', action: 'update' }, { users: {} })).toBeNull();
  });
});

describe('shorten', () => {
  it('keeps a short text and cuts a long one with an ellipsis', () => {
    expect(shorten('SPRING25')).toBe('SPRING25');
    expect(shorten('abcdefghij', 10)).toBe('abcdefghij');
    expect(shorten('abcdefghijk', 10)).toBe('abcdefghi…');
    expect(shorten('Fall 2026 – apply by June 1', 12)).toBe('Fall 2026 –…');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(shorten('秋季申请截止日期为六月一日', 6)).toBe('秋季申请截…');
  });
});
