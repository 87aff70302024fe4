/**
 * Save notifications name what was saved (issue 13): each editable resource's record is named by its
 * label, window, excerpt, code or person, and the message in en, es and zh-CN (through the console's own
 * i18nProvider) contains that name; a creation says so where the console creates such records.
 */
import { createI18nProvider } from '../i18n/i18nProvider';
import { LOCALES } from '../config';
import { excerpt, savedNotice, SAVED_RESOURCES } from './savedNotice';

const records = {
  dropdowns: { id: 'countries', key: 'countries', label: 'Countries', options: [] },
  'maintenance-windows': { id: 3, startDate: '2026-12-01', startTime: '22:00', endDate: '2026-12-02', endTime: '02:00' },
  'advisory-lines': {
    id: 7,
    textEn: 'Offices are closed on   Thanksgiving Day; answers resume on Monday.',
    textEs: 'x',
    textZhCn: 'x',
    sortOrder: 0,
    active: true,
    showUntil: null,
    createdAt: '',
    updatedAt: '',
  },
  'discount-codes': {
    id: 'c1',
    code: 'ALUMNI-25',
    kind: 'percent',
    value: 25,
    description: null,
    expiresAt: null,
    maxUses: null,
    usageCount: 0,
    active: true,
    usable: true,
    createdAt: '',
    updatedAt: '',
  },
  users: { id: 'u1', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', role: 'admin', created_at: '', updated_at: '' },
  programs: { id: 3, gender: 'female', name: 'MSW', program: 'graduate', archived: false },
  terms: { id: 5, key: 'intake-a', startsOn: '', archived: false },
  offerings: { id: 8, programId: 3, termId: 5, fieldOfInterest: 'MSW', semester: 'intake-a', archived: false },
} as const;

const names = {
  dropdowns: 'Countries',
  'maintenance-windows': '2026-12-01 22:00 – 2026-12-02 02:00',
  'advisory-lines': 'Offices are closed on Thanksgiving Day;…',
  'discount-codes': 'ALUMNI-25',
  users: 'Ada Lovelace',
  programs: 'MSW',
  terms: 'intake-a',
  offerings: 'MSW · intake-a',
};

describe('savedNotice', () => {
  it('names the record of every editable resource', () => {
    expect(SAVED_RESOURCES.sort()).toEqual(Object.keys(records).sort());
    for (const resource of SAVED_RESOURCES) {
      const notice = savedNotice(resource, records[resource] as never, false);
      expect({ resource, name: notice.messageArgs.name }).toEqual({ resource, name: names[resource] });
      expect(notice.message).toMatch(/^app\.[a-z_]+\.saved$/);
    }
  });

  it('says "created" after a creation where the console creates such records, "saved" otherwise', () => {
    expect(savedNotice('discount-codes', records['discount-codes'] as never, true).message).toBe('app.discount_codes.created');
    expect(savedNotice('maintenance-windows', records['maintenance-windows'] as never, true).message).toBe('app.maintenance.created');
    expect(savedNotice('advisory-lines', records['advisory-lines'] as never, true).message).toBe('app.advisory.created');
    expect(savedNotice('users', records.users as never, true).message).toBe('app.users.saved');
    expect(savedNotice('terms', records.terms as never, true).message).toBe('app.terms.created');
    expect(savedNotice('offerings', records.offerings as never, false).message).toBe('app.offerings.saved');
  });

  it.each(LOCALES)('in %s, every message contains the name (none is the generic "Element updated")', async (locale) => {
    const i18n = await createI18nProvider(locale);
    const generic = i18n.translate('ra.notification.updated', { smart_count: 1 });
    for (const resource of SAVED_RESOURCES) {
      for (const created of [false, true]) {
        const { message, messageArgs } = savedNotice(resource, records[resource] as never, created);
        const text = i18n.translate(message, messageArgs);
        expect({ message, text }).toEqual({ message, text: expect.stringContaining(names[resource]) });
        expect(text).not.toBe(message);
        expect(text).not.toBe(generic);
      }
    }
    expect(i18n.translate('app.dropdowns.saved', { name: 'Countries' })).toBe(
      { en: "Dropdown 'Countries' saved", es: 'Lista desplegable «Countries» guardada', 'zh-CN': '下拉列表“Countries”已保存' }[locale],
    );
  });
});

describe('excerpt', () => {
  it('keeps short text, collapses spaces and cuts long text at whole characters with "…"', () => {
    expect(excerpt('  Closed  today ')).toBe('Closed today');
    expect(excerpt('一二三四五六', 4)).toBe('一二三…');
    expect(excerpt('abcd', 4)).toBe('abcd');
  });
});
