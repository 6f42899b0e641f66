// One delivery per shipping method (docs/decisions/0024-one-delivery-per-method.md): the lines of
// an order that share a method travel together to its one address, so the order pays that method
// once, at the highest cost among those lines, and waits for the slowest of them.

export interface ShippedLine {
  productId: string;
  shippingMethod: string;
  costMinor: number;
  deliveryTimeDays: number;
}

export interface DeliveryCharge {
  /** As the first line that chose it names it. */
  shippingMethod: string;
  costMinor: number;
  deliveryTimeDays: number;
  productIds: string[];
}

/** Methods are the same when their names are, ignoring case and surrounding space. */
function methodKey(method: string): string {
  return method.trim().toLocaleLowerCase('en');
}

/** The deliveries a set of lines pays, by method name (as an order lists them when read back). */
export function deliveriesFor(lines: readonly ShippedLine[]): DeliveryCharge[] {
  const byMethod = new Map<string, DeliveryCharge>();
  for (const line of lines) {
    const key = methodKey(line.shippingMethod);
    const found = byMethod.get(key);
    if (found) {
      found.costMinor = Math.max(found.costMinor, line.costMinor);
      found.deliveryTimeDays = Math.max(found.deliveryTimeDays, line.deliveryTimeDays);
      found.productIds.push(line.productId);
    } else {
      byMethod.set(key, {
        shippingMethod: line.shippingMethod.trim(),
        costMinor: line.costMinor,
        deliveryTimeDays: line.deliveryTimeDays,
        productIds: [line.productId],
      });
    }
  }
  return [...byMethod.values()].sort((a, b) =>
    a.shippingMethod < b.shippingMethod ? -1 : a.shippingMethod > b.shippingMethod ? 1 : 0,
  );
}
