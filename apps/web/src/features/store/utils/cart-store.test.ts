import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addToCart,
  cartCount,
  cartDetails,
  cartFulfilment,
  cartProductIds,
  cartShippingChoices,
  cartStorageKeys,
  checkoutKeyFor,
  chooseFulfilment,
  chooseShipping,
  clearCart,
  groupCart,
  reduceInCart,
  removeFromCart,
  saveCart,
  saveCartDetails,
  subscribeToCart,
  useCartCount,
  useCartEntries,
} from './cart-store';
import { setTokens, signOut, clearTokens } from '../../../lib/token-store';

afterEach(() => vi.restoreAllMocks());

describe('the cart kept in the browser', () => {
  it('keeps one id per unit as a comma-separated list under cartProductIds', () => {
    addToCart('oximeter');
    addToCart('peak-flow');
    addToCart('oximeter');

    expect(window.localStorage.getItem('cartProductIds')).toBe('oximeter,peak-flow,oximeter');
    expect(cartProductIds()).toEqual(['oximeter', 'peak-flow', 'oximeter']);
  });

  it('groups the ids by product with a count, in the order products were first added', () => {
    expect(groupCart(['b', 'a', 'b', 'c', 'b'])).toEqual([
      { productID: 'b', count: 3 },
      { productID: 'a', count: 1 },
      { productID: 'c', count: 1 },
    ]);
    expect(groupCart([])).toEqual([]);
  });

  it('counts the stored ids, 0 for an empty cart', () => {
    expect(cartCount()).toBe(0);
    addToCart('a');
    addToCart('a');
    addToCart('b');
    expect(cartCount()).toBe(3);
  });

  it('reduces by one occurrence, leaving the others', () => {
    saveCart(['a', 'b', 'a', 'a']);
    reduceInCart('a');

    expect(cartProductIds()).toEqual(['a', 'b', 'a']);
    reduceInCart('missing');
    expect(cartProductIds()).toEqual(['a', 'b', 'a']);
  });

  it('removes every occurrence of a product and forgets its shipping', () => {
    saveCart(['a', 'b', 'a']);
    chooseShipping('a', 'ship-a');
    chooseShipping('b', 'ship-b');

    removeFromCart('a');

    expect(cartProductIds()).toEqual(['b']);
    expect(cartShippingChoices()).toEqual({ b: 'ship-b' });
  });

  it('replaces the whole cart on a bulk save', () => {
    saveCart(['a', 'b']);
    chooseShipping('a', 'ship-a');
    saveCart(['c', ' c ', '', 'd']);

    expect(window.localStorage.getItem('cartProductIds')).toBe('c,c,d');
    expect(cartShippingChoices()).toEqual({});
  });

  it('clears the cart, its shipping choices, the last quote and any checkout under way', () => {
    saveCart(['a', 'b']);
    chooseShipping('a', 'ship-a');
    window.localStorage.setItem(cartStorageKeys.totalAmount, '1000');
    checkoutKeyFor({ items: ['a'] });
    saveCartDetails({ city: 'Lagos' });

    clearCart();

    expect(cartCount()).toBe(0);
    expect(window.localStorage.getItem('cartProductIds')).toBeNull();
    expect(window.localStorage.getItem('cartShippingChoices')).toBeNull();
    expect(window.localStorage.getItem('cartTotalAmount')).toBeNull();
    expect(window.localStorage.getItem('cartCheckoutAttempt')).toBeNull();
    // The details are the person's, not the cart's: they stay for the next order.
    expect(cartDetails().city).toBe('Lagos');
  });

  it('reads a list written by hand or by an older client, ignoring blanks', () => {
    window.localStorage.setItem('cartProductIds', ' a,,b , a,');
    expect(cartProductIds()).toEqual(['a', 'b', 'a']);
  });

  it('keeps the spec’s delivery-order and pickup flags, one of them true', () => {
    expect(cartFulfilment()).toBe('delivery');
    chooseFulfilment('pickup');
    expect(window.localStorage.getItem('cartPickup')).toBe('true');
    expect(window.localStorage.getItem('cartDeliveryOrder')).toBe('false');
    expect(cartFulfilment()).toBe('pickup');
    chooseFulfilment('delivery');
    expect(window.localStorage.getItem('cartDeliveryOrder')).toBe('true');
    expect(window.localStorage.getItem('cartPickup')).toBe('false');
  });

  it('keeps the delivery details under the spec’s names; null until typed', () => {
    expect(cartDetails().firstName).toBeNull();
    saveCartDetails({ firstName: 'Ada', surname: 'Okafor', address: '1 Marina', city: 'Lagos' });

    expect(window.localStorage.getItem('cartFirstName')).toBe('Ada');
    expect(window.localStorage.getItem('cartSurname')).toBe('Okafor');
    expect(window.localStorage.getItem('cartAddress')).toBe('1 Marina');
    expect(cartDetails()).toMatchObject({ firstName: 'Ada', city: 'Lagos', state: null });
  });
});

describe('the cart on screen', () => {
  it('re-renders the count and the lines when the cart changes', () => {
    const count = renderHook(() => useCartCount());
    const entries = renderHook(() => useCartEntries());
    expect(count.result.current).toBe(0);

    act(() => addToCart('a'));
    act(() => addToCart('a'));
    act(() => addToCart('b'));

    expect(count.result.current).toBe(3);
    expect(entries.result.current).toEqual([
      { productID: 'a', count: 2 },
      { productID: 'b', count: 1 },
    ]);
  });

  it('follows a change made in another tab', () => {
    const count = renderHook(() => useCartCount());
    // Another tab writes storage, and this one hears of it through the storage event only.
    window.localStorage.setItem('cartProductIds', 'x,y,z');
    expect(count.result.current).toBe(0);

    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'cartProductIds' }));
    });

    expect(count.result.current).toBe(3);
  });

  it('ignores storage events about other keys', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToCart(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: 'accessToken' }));
    expect(listener).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});

describe('the checkout key', () => {
  it('stays the same for the same order until the cart is cleared', () => {
    const first = checkoutKeyFor({ items: [{ productID: 'a', count: 1 }] });
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(checkoutKeyFor({ items: [{ productID: 'a', count: 1 }] })).toBe(first);

    clearCart();
    expect(checkoutKeyFor({ items: [{ productID: 'a', count: 1 }] })).not.toBe(first);
  });

  it('is new for a changed order, which the server would refuse under the old key', () => {
    const first = checkoutKeyFor({ items: [{ productID: 'a', count: 1 }] });
    const changed = checkoutKeyFor({ items: [{ productID: 'a', count: 2 }] });
    expect(changed).not.toBe(first);
  });
});

describe('signing out', () => {
  it('on purpose empties the cart and forgets the delivery details', () => {
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    saveCart(['a', 'b']);
    saveCartDetails({ address: '1 Marina', phone: '0803' });
    chooseFulfilment('pickup');

    signOut();

    expect(cartCount()).toBe(0);
    expect(cartDetails()).toMatchObject({ address: null, phone: null });
    expect(cartFulfilment()).toBe('delivery');
  });

  it('because the session ran out keeps everything, so the person carries on after signing in', () => {
    setTokens({ accessToken: 'a', refreshToken: 'r' });
    saveCart(['a']);
    saveCartDetails({ address: '1 Marina' });

    clearTokens();

    expect(cartProductIds()).toEqual(['a']);
    expect(cartDetails().address).toBe('1 Marina');
  });
});

describe('when storage refuses', () => {
  it('keeps the cart in memory for the life of the page, with what storage held before', async () => {
    window.localStorage.setItem('cartProductIds', 'a');
    vi.resetModules();
    const fresh = await import('./cart-store');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });

    expect(() => fresh.addToCart('b')).not.toThrow();
    fresh.addToCart('b');
    fresh.reduceInCart('a');

    expect(fresh.cartProductIds()).toEqual(['b', 'b']);
    expect(fresh.cartCount()).toBe(2);
    expect(window.localStorage.getItem('cartProductIds')).toBe('a');
  });

  it('works, empty, when storage cannot even be read', async () => {
    vi.resetModules();
    const fresh = await import('./cart-store');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('Access is denied.', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Access is denied.', 'SecurityError');
    });

    expect(fresh.cartCount()).toBe(0);
    fresh.addToCart('a');
    fresh.chooseFulfilment('pickup');
    expect(fresh.cartProductIds()).toEqual(['a']);
    expect(fresh.cartFulfilment()).toBe('pickup');
  });
});
