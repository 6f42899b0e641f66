// The store: the catalogue, the cart's checkout and orders, and the administrators' side.
import type { Feature } from '../../infrastructure.ts';
import {
  CheckoutService,
  defaultUnconfirmedOrderHours,
  RequestHasher,
} from './checkout.service.ts';
import { storeMoney } from './money.ts';
import { orderNotices } from './order-mail.ts';
import { storeAdminRoutes } from './store-admin.routes.ts';
import { storeRoutes } from './store.routes.ts';

/** What the background work runs of the store: releasing orders whose hold has run out. */
export interface OrderRelease {
  /** Releases every unpaid, unconfirmed order placed more than the hold before `now`. */
  releaseDue(now: Date): Promise<number>;
}

export const registerStore: Feature<{ orderRelease: OrderRelease }> = async (
  app,
  { config, mailer, files, db },
) => {
  const money = storeMoney(config.store);
  const holdHours = config.store.unconfirmedOrderHours ?? defaultUnconfirmedOrderHours;
  const images = files('products');
  const notify = orderNotices({ mailer, money, pickup: config.store.pickup, holdHours });
  const checkout = new CheckoutService(db, money, notify, new RequestHasher(config.jwtSecret!));
  const views = { money, holdHours };
  await app.register(storeRoutes, {
    money,
    images,
    checkout,
    views,
    pickup: config.store.pickup,
  });
  await app.register(storeAdminRoutes, { money, images, checkout, views });
  return { orderRelease: { releaseDue: (now) => checkout.releaseUnconfirmed(now, holdHours) } };
};
