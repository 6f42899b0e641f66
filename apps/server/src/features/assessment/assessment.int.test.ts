import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { call, signedInAccount } from '../../test/test-calls.ts';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp({ trustProxy: true });
});
afterAll(() => server.close());

const allNo = {
  Smoke: false,
  Alcohol: false,
  RecreationalDrugs: false,
  SelfMedicate: false,
  HerbalConcotion: false,
  Illness: false,
  Cancer: false,
};

const get = (token: string) => call(server, 'GET', '/api/v1/records/assessment', { token });
const put = (token: string, body: unknown) =>
  call(server, 'PUT', '/api/v1/records/assessment', { token, body });

describe('the risk assessment', () => {
  it('is 404 until saved, then answers what was saved, and a second save replaces it', async () => {
    const { token } = await signedInAccount(server);
    const before = await get(token);
    expect(before.status).toBe(404);
    expect(before.body.errors).toEqual(['You have not completed the risk assessment yet.']);

    const saved = await put(token, { ...allNo, Smoke: true, HerbalConcotion: true });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      smoke: true,
      alcohol: false,
      recreationalDrugs: false,
      selfMedicate: false,
      herbalConcotion: true,
      illness: false,
      cancer: false,
    });
    expect((await get(token)).body).toEqual(saved.body);

    const changed = await put(token, { ...allNo, Cancer: true });
    expect(changed.body).toMatchObject({ smoke: false, herbalConcotion: false, cancer: true });
    expect((await get(token)).body).toEqual(changed.body);
  });

  it.each([
    [{ ...allNo, Smoke: 'yes' }, ['Smoke: must be true or false, not a string']],
    [{ ...allNo, Cancer: 1 }, ['Cancer: must be true or false, not a number']],
    [{ ...allNo, Illness: null }, ['Illness: must be true or false, not nothing (null)']],
    [(({ Alcohol: _a, ...rest }) => rest)(allNo), ['Alcohol: is required']],
    [
      { ...allNo, HerbalConcoction: true },
      ['Request body: "HerbalConcoction" is not a field this call accepts'],
    ],
  ])('refuses %j, naming the field, and keeps the saved answers', async (body, errors) => {
    const { token } = await signedInAccount(server);
    await put(token, { ...allNo, Alcohol: true });
    const refused = await put(token, body);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual(errors);
    expect((await get(token)).body).toMatchObject({ alcohol: true });
  });

  it("is each person's own: one person's answers are never another's", async () => {
    const alice = await signedInAccount(server);
    const bob = await signedInAccount(server);
    await put(alice.token, { ...allNo, Smoke: true });
    expect((await get(bob.token)).status).toBe(404);
    await put(bob.token, { ...allNo, Alcohol: true });
    expect((await get(alice.token)).body).toMatchObject({ smoke: true, alcohol: false });
  });

  it('keeps the optional answers about health when a client sends only the seven, and clears one sent as null', async () => {
    const { token } = await signedInAccount(server);
    const first = await put(token, { ...allNo, SickleCell: true, Pregnant: false });
    expect(first.body).toMatchObject({
      sickleCell: true,
      pregnant: false,
      diabetes: null,
      heartDisease: null,
    });
    const sevenOnly = await put(token, { ...allNo, Smoke: true });
    expect(sevenOnly.body).toMatchObject({ smoke: true, sickleCell: true, pregnant: false });
    const cleared = await put(token, { ...allNo, SickleCell: null });
    expect(cleared.body).toMatchObject({ sickleCell: null, pregnant: false });
    const refused = await put(token, { ...allNo, Diabetes: 'yes' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual(['Diabetes: must be true or false, not a string']);
  });

  it('changes the analysis only where a rule names the answer: a fever with sickle cell is urgent now', async () => {
    const { token } = await signedInAccount(server);
    const reading = {
      Tag: 'Temperature',
      TagValue: '38.4',
      DirectFromDevice: false,
      MinTagValue: '',
      MinTag: '',
      Narration: '',
      Device: '',
      Report: '',
    };
    expect(
      (await call(server, 'POST', '/api/v1/records/health', { token, body: reading })).status,
    ).toBe(201);
    const analysis = () => call(server, 'GET', '/api/v1/records/analysis', { token });
    const before = (await analysis()).body as { measures: { temperature: { urgency: string } } };
    expect(before.measures.temperature.urgency).toBe('today');
    await put(token, { ...allNo, SickleCell: true, HeartDisease: true });
    const after = (await analysis()).body as {
      measures: { temperature: { urgency: string; firstAction: string } };
    };
    expect(after.measures.temperature.urgency).toBe('now');
    expect(after.measures.temperature.firstAction).toMatch(/sickle cell/);
  });

  it('needs a session', async () => {
    expect((await call(server, 'GET', '/api/v1/records/assessment')).status).toBe(401);
    expect((await call(server, 'PUT', '/api/v1/records/assessment', { body: allNo })).status).toBe(
      401,
    );
  });
});
