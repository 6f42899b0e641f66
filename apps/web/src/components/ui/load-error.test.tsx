import { render, screen } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { LoadError, offlineLoadMessage } from './load-error';

// Issue 22: the store and education pages are not kept for offline use; without a network they
// say so in words, not with axios's 'Network Error'.

const config = { headers: new AxiosHeaders() };

describe('LoadError', () => {
  it('says the page needs a connection when the request got no answer, and offers Retry', () => {
    const lost = new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    render(<LoadError what="The products" error={lost} onRetry={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      `The products could not be loaded${offlineLoadMessage}`,
    );
    expect(screen.queryByText('Network Error')).toBeNull();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  it("keeps the server's own message when it answered", () => {
    const answered = new AxiosError('Request failed', AxiosError.ERR_BAD_RESPONSE, config, null, {
      status: 500,
      statusText: '',
      headers: {},
      config,
      data: { errors: ['The shop is closed for stocktaking'] },
    });
    render(<LoadError what="The products" error={answered} onRetry={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The shop is closed for stocktaking');
    expect(screen.queryByText(offlineLoadMessage)).toBeNull();
  });
});
