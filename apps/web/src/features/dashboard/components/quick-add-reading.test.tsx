import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { recordsPaths } from '@vitalia/api/records.contract';
import { fakeApi } from '../../../test/fake-api';
import { serveRecords } from '../../../test/health-fixtures';
import { signInAs } from '../../../test/identity-fixtures';
import { renderApp } from '../../../test/render-app';

beforeEach(() => signInAs());

describe('the dashboard’s quick add', () => {
  it('asks ‘Did you mean ...?’ about a blood sugar in the wrong unit before saving it', async () => {
    serveRecords([]);
    renderApp('/');
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Add reading' }));
    await user.click(screen.getByRole('menuitem', { name: 'Blood sugar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a reading: Blood sugar' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Blood sugar' }), '8.2');
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));

    const question = await within(dialog).findByRole('alert', { name: 'Check the unit' });
    expect(question).toHaveTextContent('Did you mean 8.2 mmol/L');
    expect(fakeApi.requestsTo('POST', recordsPaths.health)).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Switch to mmol/L' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save reading' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(fakeApi.requestsTo('POST', recordsPaths.health).map((call) => call.body)).toEqual([
      expect.objectContaining({ TagValue: 8.2, Unit: 'mmol/L' }),
    ]);
  });
});
