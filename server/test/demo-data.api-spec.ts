import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DemoDataService } from '../src/modules/demo/demo-data.service.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ DEMO_DATA: 'true' });
});

afterAll(async () => {
  await t.close();
});

describe('DemoDataService', () => {
  it('seeds demo applications with saved answers once, on an empty database only', async () => {
    const demo = t.app.get(DemoDataService);
    expect(await demo.seed('http://localhost:3000')).toBe(4);
    const rows = await t.db.query(`SELECT gender, step_reached, answers FROM applications ORDER BY created_at`);
    expect(rows.rows).toHaveLength(4);
    expect(rows.rows.map((r) => r.gender).sort()).toEqual(['Female', 'Female', 'Male', 'Male']);
    expect(rows.rows[0].answers).toMatchObject({ addressZip: '11219' });
    expect(await demo.seed('http://localhost:3000')).toBe(0);
  });
});
