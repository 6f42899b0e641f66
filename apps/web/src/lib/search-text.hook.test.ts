import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSearchText } from './search-text.hook';

function mount(initialQ: string) {
  const setQ = vi.fn();
  const view = renderHook(({ q }) => useSearchText(q, setQ), { initialProps: { q: initialQ } });
  return { ...view, setQ, text: () => view.result.current[0] };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the search box text', () => {
  it('writes what is typed into the address after a pause', () => {
    const box = mount('');
    act(() => box.result.current[1]('pulse '));
    expect(box.setQ).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(300));

    expect(box.setQ).toHaveBeenCalledWith('pulse');
  });

  it('shows a search the address brings (back, forward, a link)', () => {
    const box = mount('pulse');
    box.rerender({ q: 'sugar' });
    expect(box.text()).toBe('sugar');
  });

  it('keeps what is typed while its own change of the address is on the way', () => {
    const box = mount('zebra');
    // Clear asked for an empty q, and the person typed again before the address changed.
    act(() => {
      box.result.current[1]('');
      box.result.current[2]('');
    });
    act(() => box.result.current[1]('nail polish'));
    box.rerender({ q: '' });

    expect(box.text()).toBe('nail polish');
    act(() => vi.advanceTimersByTime(300));
    expect(box.setQ).toHaveBeenLastCalledWith('nail polish');
    // Later changes of the address are news again.
    box.rerender({ q: 'sugar' });
    expect(box.text()).toBe('sugar');
  });
});
