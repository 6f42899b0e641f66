import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { identityPaths } from '@vitalia/api/identity.contract';
import { portabilityPaths } from '@vitalia/api/portability.contract';
import { getAccessToken } from '../../../lib/token-store';
import { fakeApi } from '../../../test/fake-api';
import { aProfile, signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';

beforeEach(() => {
  signInAs();
  fakeApi.on('GET', identityPaths.profile, { status: 200, body: aProfile() });
});

/** Records what the browser would save: the object URL and the file name of each click. */
function watchSaves(): string[] {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:vitalia/export');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(`${this.href} ${this.download}`);
  });
  return saved;
}

describe('Download my data', () => {
  it('says what the archive holds, shows it is being prepared, and saves the zip', async () => {
    let finish: (answer: { status: number; body: Blob }) => void = () => undefined;
    fakeApi.on(
      'GET',
      portabilityPaths.dataExport,
      () =>
        new Promise((resolve) => {
          finish = resolve;
        }),
    );
    const saved = watchSaves();
    renderApp('/account');
    const user = userEvent.setup();

    const section = await screen.findByRole('region', { name: 'Your data' });
    expect(section).toHaveTextContent(
      /your readings as a spreadsheet \(CSV\) and in FHIR.*profile, orders, risk assessment and sharing log/,
    );
    await user.click(within(section).getByRole('button', { name: 'Download my data' }));

    expect(await within(section).findByRole('status')).toHaveTextContent('Preparing your archive…');
    expect(within(section).getByRole('button', { name: /Download my data/ })).toBeDisabled();
    finish({ status: 200, body: new Blob(['PK'], { type: 'application/zip' }) });

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^blob:vitalia\/export vitalia-export-\d{4}-\d\d-\d\d\.zip$/);
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      /^Your archive vitalia-export-\d{4}-\d\d-\d\d\.zip is saved with your downloads\./,
    );
    const [request] = fakeApi.requestsTo('GET', portabilityPaths.dataExport);
    expect(request?.headers.Authorization).toBe(`Bearer ${getAccessToken()}`);
    expect(request?.path).toBe('/api/v1/account/export');
    // The browser's own zone, so the files' times read as the person's clock.
    expect(request?.params).toEqual({
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });

  it("shows the server's reason when it refuses, and saves nothing", async () => {
    // Asked for as a file, the browser hands the error model's JSON over as a Blob too.
    const refusal =
      'Too many downloads of your data in an hour. Please wait 42 minutes and try again.';
    fakeApi.on('GET', portabilityPaths.dataExport, {
      status: 429,
      body: new Blob(
        [
          JSON.stringify({
            errors: [refusal],
            details: [{ code: 'TOO_MANY_ATTEMPTS', field: null, message: refusal }],
          }),
        ],
        { type: 'application/json' },
      ),
    });
    const saved = watchSaves();
    renderApp('/account');
    const user = userEvent.setup();

    const section = await screen.findByRole('region', { name: 'Your data' });
    await user.click(within(section).getByRole('button', { name: 'Download my data' }));

    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Your data could not be downloaded: Too many downloads of your data in an hour. Please wait 42 minutes and try again.',
    );
    expect(saved).toEqual([]);
    expect(within(section).getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });
});
