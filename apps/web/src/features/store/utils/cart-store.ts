import { useMemo, useSyncExternalStore } from 'react';
import {
  getAccessToken,
  sessionEndedOnPurpose,
  subscribe as subscribeToSession,
} from '../../../lib/token-store';

// The cart lives in the browser, as docs/decisions/0013-store-web.md lists it: product ids as a
// comma-separated list, the chosen shipping per product, delivery or pickup, and the delivery
// details. Only the store reads it; the top bar shows it through the store's cart-indicators.
export const cartStorageKeys = {
  /** 'id1,id1,id2': one id per unit; the cart groups them with a count. */
  productIds: 'cartProductIds',
  /** JSON object: product id -> the shippingCostID chosen for its line. */
  shippingChoices: 'cartShippingChoices',
  /** The spec's delivery-order and pickup flags, 'true' or 'false'; exactly one is 'true'. */
  deliveryOrder: 'cartDeliveryOrder',
  pickup: 'cartPickup',
  firstName: 'cartFirstName',
  surname: 'cartSurname',
  phone: 'cartPhone',
  secondPhone: 'cartSecondPhone',
  email: 'cartEmail',
  address: 'cartAddress',
  city: 'cartCity',
  state: 'cartState',
  landmark: 'cartLandmark',
  /** The server's last quote, minor units; a record only, never shown or sent as a price. */
  amount: 'cartAmount',
  vat: 'cartVat',
  totalAmount: 'cartTotalAmount',
  /** JSON { key, body }: the Idempotency-Key of the checkout under way and the order it sends. */
  checkoutAttempt: 'cartCheckoutAttempt',
} as const;

export type CartFulfilment = 'delivery' | 'pickup';

export const cartDetailFields = [
  'firstName',
  'surname',
  'phone',
  'secondPhone',
  'email',
  'address',
  'city',
  'state',
  'landmark',
] as const;
export type CartDetailField = (typeof cartDetailFields)[number];
/** Delivery details as stored: null for a field never filled in here. */
export type CartDetails = Record<CartDetailField, string | null>;

export interface CartEntry {
  productID: string;
  count: number;
}

type Listener = () => void;
const listeners = new Set<Listener>();

// Storage can refuse (privacy modes, a full quota). The cart then lives in this page's memory:
// it still works, it just does not outlast the tab.
const memory = new Map<string, string>();
let storageRefused = false;

function fallBackToMemory(): void {
  storageRefused = true;
  // Whatever storage can still be read from carries over, so the cart does not lose its lines.
  for (const key of Object.values(cartStorageKeys)) {
    try {
      const value = window.localStorage.getItem(key);
      if (value !== null) memory.set(key, value);
    } catch {
      return;
    }
  }
}

function read(key: string): string | null {
  if (!storageRefused) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      storageRefused = true;
    }
  }
  return memory.get(key) ?? null;
}

function write(key: string, value: string | null): void {
  if (!storageRefused) {
    try {
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
      return;
    } catch {
      fallBackToMemory();
    }
  }
  if (value === null) memory.delete(key);
  else memory.set(key, value);
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function subscribeToCart(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function parseIds(list: string | null): string[] {
  if (!list) return [];
  return list
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
}

function writeIds(ids: readonly string[]): void {
  write(cartStorageKeys.productIds, ids.length > 0 ? ids.join(',') : null);
}

/** Every stored id, one per unit, in the order they were added. */
export function cartProductIds(): string[] {
  return parseIds(read(cartStorageKeys.productIds));
}

/** Spec section 4: the number of stored ids, 0 for an empty cart. */
export function cartCount(): number {
  return cartProductIds().length;
}

/** The cart grouped by product id, with a count each, in the order products were first added. */
export function groupCart(ids: readonly string[]): CartEntry[] {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts].map(([productID, count]) => ({ productID, count }));
}

/** Adds one unit: appends the id. */
export function addToCart(productID: string): void {
  writeIds([...cartProductIds(), productID]);
  notify();
}

/** Removes one unit: the last occurrence of the id. */
export function reduceInCart(productID: string): void {
  const ids = cartProductIds();
  const at = ids.lastIndexOf(productID);
  if (at === -1) return;
  ids.splice(at, 1);
  writeIds(ids);
  if (!ids.includes(productID)) forgetShipping(productID);
  notify();
}

/** Removes the product: every occurrence of the id, and its shipping choice. */
export function removeFromCart(productID: string): void {
  writeIds(cartProductIds().filter((id) => id !== productID));
  forgetShipping(productID);
  notify();
}

/** Bulk save: the cart becomes exactly these ids. */
export function saveCart(ids: readonly string[]): void {
  const clean = ids.map((id) => id.trim()).filter(Boolean);
  writeIds(clean);
  const kept = new Set(clean);
  const choices = cartShippingChoices();
  for (const productID of Object.keys(choices)) {
    if (!kept.has(productID)) delete choices[productID];
  }
  writeShippingChoices(choices);
  notify();
}

/** Empties the cart: ids, shipping choices, the last quote and any checkout under way. */
export function clearCart(): void {
  writeIds([]);
  write(cartStorageKeys.shippingChoices, null);
  forgetQuote();
  write(cartStorageKeys.checkoutAttempt, null);
  notify();
}

function parseChoices(json: string | null): Record<string, string> {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, string] => {
        return typeof entry[1] === 'string';
      }),
    );
  } catch {
    return {};
  }
}

function writeShippingChoices(choices: Record<string, string>): void {
  write(
    cartStorageKeys.shippingChoices,
    Object.keys(choices).length > 0 ? JSON.stringify(choices) : null,
  );
}

function forgetShipping(productID: string): void {
  const choices = cartShippingChoices();
  if (!(productID in choices)) return;
  delete choices[productID];
  writeShippingChoices(choices);
}

/** The shippingCostID chosen for each product's line. */
export function cartShippingChoices(): Record<string, string> {
  return parseChoices(read(cartStorageKeys.shippingChoices));
}

export function chooseShipping(productID: string, shippingCostID: string): void {
  writeShippingChoices({ ...cartShippingChoices(), [productID]: shippingCostID });
  notify();
}

/** Delivery unless the pickup flag is set. */
export function cartFulfilment(): CartFulfilment {
  return read(cartStorageKeys.pickup) === 'true' ? 'pickup' : 'delivery';
}

export function chooseFulfilment(fulfilment: CartFulfilment): void {
  write(cartStorageKeys.deliveryOrder, String(fulfilment === 'delivery'));
  write(cartStorageKeys.pickup, String(fulfilment === 'pickup'));
  notify();
}

/** The delivery details typed into the cart before; null for those never filled in. */
export function cartDetails(): CartDetails {
  return Object.fromEntries(
    cartDetailFields.map((field) => [field, read(cartStorageKeys[field])]),
  ) as CartDetails;
}

/** Keeps what was typed, so a reload or the next order starts from it. */
export function saveCartDetails(details: Partial<Record<CartDetailField, string>>): void {
  for (const field of cartDetailFields) {
    const value = details[field];
    if (value !== undefined) write(cartStorageKeys[field], value);
  }
}

export interface QuoteTotals {
  amount: number;
  vat: number;
  total: number;
}

/** Records the server's latest quote under the spec's amount, VAT and total keys. */
export function rememberQuote(totals: QuoteTotals): void {
  write(cartStorageKeys.amount, String(totals.amount));
  write(cartStorageKeys.vat, String(totals.vat));
  write(cartStorageKeys.totalAmount, String(totals.total));
}

export function forgetQuote(): void {
  write(cartStorageKeys.amount, null);
  write(cartStorageKeys.vat, null);
  write(cartStorageKeys.totalAmount, null);
}

function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; a version 4 UUID from getRandomValues works everywhere.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The Idempotency-Key for placing this order. The same order (same body) keeps the key it was
 * first sent with until it succeeds, through double clicks, failures, reloads and a sign-in in
 * between, so the server answers a retry with the order it already placed. A changed order is a
 * new attempt with a new key (the server refuses an old key with a new body).
 */
export function checkoutKeyFor(body: unknown): string {
  const serialised = JSON.stringify(body);
  const stored = read(cartStorageKeys.checkoutAttempt);
  if (stored) {
    try {
      const attempt = JSON.parse(stored) as { key?: unknown; body?: unknown };
      if (typeof attempt.key === 'string' && attempt.body === serialised) return attempt.key;
    } catch {
      // Unreadable: start a new attempt.
    }
  }
  const key = randomKey();
  write(cartStorageKeys.checkoutAttempt, JSON.stringify({ key, body: serialised }));
  return key;
}

/** Everything the cart keeps, for a person who signs out on a shared browser. */
function forgetEverything(): void {
  clearCart();
  for (const field of cartDetailFields) write(cartStorageKeys[field], null);
  write(cartStorageKeys.deliveryOrder, null);
  write(cartStorageKeys.pickup, null);
  notify();
}

// Logout empties the cart and forgets the delivery details: on a shared computer the next person
// must not see what was bought or where it goes. A session that merely expired keeps them, so the
// person signs in again and carries on.
subscribeToSession(() => {
  if (getAccessToken() === null && sessionEndedOnPurpose()) forgetEverything();
});

// Another tab changing the cart writes localStorage behind this page's back; the storage event is
// the only notice of it. A null key means the whole storage was cleared.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.startsWith('cart')) notify();
  });
}

function useStored(key: string): string | null {
  return useSyncExternalStore(
    subscribeToCart,
    () => read(key),
    () => null,
  );
}

/** The stored ids, one per unit; re-renders when this tab or another changes the cart. */
export function useCartIds(): string[] {
  const list = useStored(cartStorageKeys.productIds);
  return useMemo(() => parseIds(list), [list]);
}

/** The cart grouped by product with a count each. */
export function useCartEntries(): CartEntry[] {
  const ids = useCartIds();
  return useMemo(() => groupCart(ids), [ids]);
}

export function useCartCount(): number {
  return useCartIds().length;
}

export function useCartShippingChoices(): Record<string, string> {
  const json = useStored(cartStorageKeys.shippingChoices);
  return useMemo(() => parseChoices(json), [json]);
}

export function useCartFulfilment(): CartFulfilment {
  return useStored(cartStorageKeys.pickup) === 'true' ? 'pickup' : 'delivery';
}
