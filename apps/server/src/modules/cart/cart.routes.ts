/** Cart calls (ordering §7 Orders: add/update line, cart, header, remove, place; shipping addresses; cart status). Thin. */
import {
  cartHeaderUpdate,
  cartResponse,
  cartStatusResponse,
  errorResponse,
  okResponse,
  orderAgainResponse,
  orderIdParam,
  orderItemIdParam,
  orderLinePayload,
  orderLineResponse,
  placeOrderQuery,
  placeOrderResponse,
  shippingAddressesResponse,
  updateOrderLinePayload,
} from '@selvedge/shared';
import { currentUser } from '../../platform/auth';
import type { ApiModule } from '../../platform/context';
import { withPreparedStatements } from '../../platform/db';
import { createOrderAgain } from './cart.orderAgain';
import { createCartService } from './cart.service';

export const cartRoutes: ApiModule = (app, ctx) => {
  const cart = createCartService(ctx);
  const again = createOrderAgain(ctx, cart);
  const tags = ['cart'];
  // The cart's calls write orders, their lines, charges, logs and jobs only: never a session.
  const config = { permission: 'cart' as const, changesSessions: false };
  const errors = {
    400: errorResponse,
    401: errorResponse,
    403: errorResponse,
    404: errorResponse,
    409: errorResponse,
  };

  app.post(
    '/orders',
    {
      config,
      schema: {
        tags,
        summary: 'Add to order: a new line in the user cart (created on first add); re-prices the cart',
        body: orderLinePayload,
        response: { 200: orderLineResponse, ...errors },
      },
    },
    async (req) => withPreparedStatements(() => cart.addLine(currentUser(req), req.body)),
  );

  app.put(
    '/orders',
    {
      config,
      schema: {
        tags,
        summary: 'Update a line of the user cart (sizes, attributes, care label); re-prices the cart',
        body: updateOrderLinePayload,
        response: { 200: orderLineResponse, ...errors },
      },
    },
    async (req) => withPreparedStatements(() => cart.updateLine(currentUser(req), req.body)),
  );

  app.get(
    '/orders/cart',
    {
      config,
      schema: {
        tags,
        summary:
          'The user cart: header, lines, charges and totals (an unsaved prefilled header when there is none)',
        response: { 200: cartResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (req) => withPreparedStatements(() => cart.getCart(currentUser(req))),
  );

  app.put(
    '/orders/cart',
    {
      config,
      schema: {
        tags,
        summary: 'Save cart header fields (each optional; null or empty clears); answers the cart',
        body: cartHeaderUpdate,
        response: { 200: cartResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (req) => withPreparedStatements(() => cart.updateHeader(currentUser(req), req.body)),
  );

  app.delete(
    '/orders/cart/:orderItemId',
    {
      config,
      schema: {
        tags,
        summary: 'Remove a line from the user cart; re-prices the cart',
        params: orderItemIdParam,
        response: {
          200: okResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (req) => withPreparedStatements(() => cart.removeLine(currentUser(req), req.params.orderItemId)),
  );

  app.get(
    '/orders/shipping-addresses',
    {
      config,
      schema: {
        tags,
        summary: "Saved shipping addresses of the user's vendor, by optionName",
        response: { 200: shippingAddressesResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (req) => cart.shippingAddresses(currentUser(req)),
  );

  app.get(
    '/orders/cart-status',
    {
      config,
      schema: {
        tags,
        summary: 'Number of lines in the user cart and its id (navigation bar cart icon)',
        response: { 200: cartStatusResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (req) => withPreparedStatements(() => cart.cartStatus(currentUser(req))),
  );

  app.put(
    '/orders/place',
    {
      config,
      schema: {
        tags,
        summary:
          'Place the cart: orderId > 0 is the placed order; -1 prices (or costs) changed, -2 charges changed (the cart was re-priced; place again)',
        querystring: placeOrderQuery,
        response: { 200: placeOrderResponse, ...errors },
      },
    },
    async (req) =>
      withPreparedStatements(() => cart.place(currentUser(req), req.query.termsAndConditions === 'true')),
  );

  app.post(
    '/orders/:id/order-again',
    {
      config,
      schema: {
        tags,
        summary: "Order again: copy a placed order's lines into the user cart at today's prices and rules",
        description:
          'Each line goes through the same checks as POST /orders (quantities rounded to today’s minimum order ' +
          'quantity and pack size, attributes, one customer and production region per cart, pricing). The answer ' +
          'says line by line what was copied, what changed (price or cost, a size no longer available, a quantity ' +
          'raised) and what could not be copied, with the reason. An order outside the user’s scope answers 404.',
        params: orderIdParam,
        response: {
          200: orderAgainResponse,
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (req) => again.orderAgain(currentUser(req), req.params.id),
  );
};
