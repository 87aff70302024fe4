import { deadlinePassed, formatDeadline, itemLabel, itemsIn } from './checklist';

describe('/home checklist helpers', () => {
  it('names steps, the fee, document slots and recommendations by i18n key', () => {
    expect(itemLabel({ kind: 'step', key: 'personal' })).toEqual({ key: 'steps.personal' });
    expect(itemLabel({ kind: 'fee', key: 'fee' })).toEqual({ key: 'checklist.fee' });
    expect(itemLabel({ kind: 'document', key: 'picture' })).toEqual({ key: 'slots.picture', options: { defaultValue: 'picture' } });
    expect(itemLabel({ kind: 'recommendation', key: 'second' })).toEqual({ key: 'checklist.recommendation_second' });
  });

  it('groups items by state in order', () => {
    const items = [
      { kind: 'step', key: 'personal', state: 'received', action: null },
      { kind: 'fee', key: 'fee', state: 'awaiting', action: 'pay' },
      { kind: 'recommendation', key: 'first', state: 'waived', action: null },
      { kind: 'document', key: 'picture', state: 'awaiting', action: 'details' },
    ] as const;
    expect(itemsIn({ items: [...items] }, 'awaiting').map((i) => i.key)).toEqual(['fee', 'picture']);
    expect(itemsIn({ items: [...items] }, 'waived').map((i) => i.key)).toEqual(['first']);
  });

  it("shows the deadline on the applicant's own clock and language", () => {
    const iso = '2025-11-12T04:59:59.000Z';
    expect(formatDeadline(iso, 'en', 'America/New_York')).toMatch(/November 11, 2025.*11:59.*PM.*EST/);
    expect(formatDeadline(iso, 'es', 'Europe/Madrid')).toMatch(/12 de noviembre de 2025.*5:59/);
    expect(formatDeadline(iso, 'zh-CN', 'Asia/Shanghai')).toMatch(/2025年11月12日.*12:59/);
  });

  it('knows when the deadline passed', () => {
    expect(deadlinePassed('2025-11-12T04:59:59.000Z', Date.parse('2025-11-12T05:00:00Z'))).toBe(true);
    expect(deadlinePassed('2025-11-12T04:59:59.000Z', Date.parse('2025-11-12T04:00:00Z'))).toBe(false);
  });
});
