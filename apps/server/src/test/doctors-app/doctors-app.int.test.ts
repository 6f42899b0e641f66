// The doctors' app as a client generated from the OpenAPI document (decisions 0027 and 0049): the
// types are generated from the running server's /api/openapi.json with openapi-typescript, the
// client (doctors-app.client.ts, calls by openapi-fetch) is typechecked against them, and then it
// makes a doctor's visit against the listening server. A contract change that would break a
// generated client fails here twice over: the client stops typechecking, or its calls are refused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  person,
  reading,
  daysAgo,
  type Person,
} from '../../features/sharing/sharing.test-helpers.ts';
import { call } from '../test-calls.ts';
import { createTestApp, doctorsAppClient, type TestApp } from '../test-app.ts';
import type { DoctorsAppOptions, DoctorsAppVisit } from './doctors-app.visit.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repository = path.resolve(here, '../../../../..');
const clientFile = path.join(here, 'doctors-app.client.ts');
const generatedModule = '@generated/vitalia-api';

/** The compiler options of every workspace (tsconfig.base.json), checking one file, emitting nothing. */
function compilerOptions(typesFile: string): ts.CompilerOptions {
  const base = path.join(repository, 'tsconfig.base.json');
  const read = ts.readConfigFile(base, (file) => ts.sys.readFile(file));
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const config = read.config as { compilerOptions: Record<string, unknown> };
  const { options, errors } = ts.convertCompilerOptionsFromJson(config.compilerOptions, repository);
  if (errors.length > 0) throw new Error('tsconfig.base.json does not read as compiler options');
  return {
    ...options,
    composite: false,
    declaration: false,
    emitDeclarationOnly: false,
    noEmit: true,
    types: ['node'],
    typeRoots: [path.join(repository, 'node_modules', '@types')],
    paths: { [generatedModule]: [typesFile] },
  };
}

/** What `tsc --noEmit` says of the client against these generated types, one line a problem. */
function typeProblems(typesFile: string): string[] {
  const program = ts.createProgram({
    rootNames: [clientFile],
    options: compilerOptions(typesFile),
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (!diagnostic.file || diagnostic.start === undefined) return message;
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    const where = path.relative(repository, diagnostic.file.fileName);
    return `${where}:${line + 1}:${character + 1} ${message}`;
  });
}

describe("the doctors' app, generated from the OpenAPI document", () => {
  let server: TestApp;
  let folder: string;
  let typesFile: string;
  let patient: Person;
  let doctor: Person;

  beforeAll(async () => {
    server = await createTestApp({ trustProxy: true });
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vitalia-generated-client-'));
    const document = (await (await server.request('/api/openapi.json')).json()) as Parameters<
      typeof openapiTS
    >[0];
    typesFile = path.join(folder, 'vitalia-api.d.ts');
    fs.writeFileSync(typesFile, astToString(await openapiTS(document)));

    patient = await person(server, { first: 'Amaka', last: 'Obi' });
    doctor = await person(server, { first: 'Tayo', last: 'Ade' }, 'DOC');
    for (const [days, systolic, diastolic] of [
      [5, 126, 81],
      [4, 131, 84],
      [3, 118, 76],
    ] as const) {
      await reading(server, patient, 'Systolic', systolic, daysAgo(days), diastolic);
    }
    await reading(server, patient, 'Pulse Value', 70, daysAgo(2));
    const invited = await call(server, 'POST', '/api/v1/sharing/shares', {
      token: patient.token,
      body: {
        doctorEmail: doctor.email,
        measures: ['bloodPressure'],
        includeAssessment: false,
        from: null,
        until: null,
      },
    });
    expect(invited.status).toBe(201);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('typechecks against the types generated from the served document', () => {
    const generated = fs.readFileSync(typesFile, 'utf8');
    expect(generated).toContain('"/api/v1/doctor/patients/{id}/readings"');
    expect(generated).toContain('"/o/revoke_token"');
    expect(typeProblems(typesFile)).toEqual([]);
  }, 60_000);

  it('fails to typecheck against a document that types limit as text, as it once did', () => {
    // The check above can fail: the same client, against types where limit is a string.
    const loose = path.join(folder, 'loose-limit.d.ts');
    const generated = fs.readFileSync(typesFile, 'utf8');
    const readingsQuery = /(listDoctorPatientReadings: \{[^}]*?limit\?: )number;/;
    expect(generated).toMatch(readingsQuery);
    fs.writeFileSync(loose, generated.replace(readingsQuery, '$1string;'));
    expect(typeProblems(loose).join('\n')).toMatch(/doctors-app\.client\.ts:\d+:\d+ .*number/);
  }, 60_000);

  it('signs in as a confidential client, accepts the invite and pages through the readings, then signs out', async () => {
    const { visit } = (await import(pathToFileURL(clientFile).href)) as {
      visit: (options: DoctorsAppOptions) => Promise<DoctorsAppVisit>;
    };
    const result = await visit({
      baseUrl: server.baseUrl,
      client: doctorsAppClient,
      doctor: { email: doctor.email, password: 'a sound passphrase 42' },
      patientEmail: patient.email,
      pageSize: 2,
    });
    expect(result.tokens.expiresIn).toBe(900);
    expect(result.invites).toEqual([
      expect.objectContaining({
        patientEmail: patient.email,
        patientName: 'Amaka Obi',
        measures: ['bloodPressure'],
      }),
    ]);
    expect(result.accepted.name).toBe('Amaka Obi');
    expect(result.patients.map((each) => each.id)).toEqual([result.accepted.id]);
    // Oldest first, two a page, blood pressure only (the pulse is not shared), notes never shown.
    expect(result.pages.map((page) => page.items.map((item) => item.tagValue))).toEqual([
      ['126', '131'],
      ['118'],
    ]);
    expect(result.pages.map((page) => page.nextCursor === null)).toEqual([false, true]);
    expect(result.pages.flatMap((page) => page.items.map((item) => item.note))).toEqual([
      null,
      null,
      null,
    ]);
    expect(result.revoked).toEqual({ status: 200, afterwards: 401 });
    const log = await call<{ items: Array<{ action: string; client: string | null }> }>(
      server,
      'GET',
      '/api/v1/sharing/access-log',
      { token: patient.token },
    );
    expect(log.body.items.map((entry) => entry.action)).toEqual([
      'viewed readings',
      'viewed readings',
      'accepted',
      'invited',
    ]);
  }, 60_000);
});
