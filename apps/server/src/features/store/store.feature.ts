// The store: the catalogue, the cart's checkout and orders, and the administrators' side.
import type { Feature } from '../../infrastructure.ts';
import { storeMoney } from './money.ts';
import { orderNotices } from './order-mail.ts';
import { storeAdminRoutes } from './store-admin.routes.ts';
import { storeRoutes } from './store.routes.ts';

export const registerStore: Feature = async (app, { config, mailer, files }) => {
  const money = storeMoney(config.store);
  const images = files('products');
  const notify = orderNotices({ mailer, money, pickup: config.store.pickup });
  await app.register(storeRoutes, { money, images, notify, pickup: config.store.pickup });
  await app.register(storeAdminRoutes, { money, images, notify });
};
