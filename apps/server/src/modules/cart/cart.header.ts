/**
 * The cart's header (ordering §2 Cart; §4 Placing an order; the decisions in cart.service.ts): the
 * user's cart found, or locked and created with a prefilled header, its view, the header's save, the
 * saved shipping addresses and the cart's status for the navigation bar.
 */
import {
  CART_API_MESSAGES,
  type Cart,
  type CartHeaderUpdate,
  canSee,
  cartHeaderUpdate,
  isValidEmail,
  MESSAGES,
} from '@selvedge/shared';
import { eq } from 'drizzle-orm';
import type { AuthUser } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import type { Db, Tx } from '../../platform/db';
import { orders } from '../../platform/db/schema';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { publishCartChange } from '../../platform/liveEvents';
import * as lookups from '../lookups/lookups.service';
import { DEFAULT_PRICE_CURRENCY, findOrderRecord } from '../orders/orders.readModel';
import { cartView } from '../orders/orders.views';
import { type CartPatch, type CartRow, cartRepository as repo } from './cart.repository';

type Q = Db | Tx;

/**
 * `address` is one of a vendor's saved addresses `saved`, or the vendor has none (see
 * assertSavedAddress); throws 400 naming shippingAddress otherwise.
 */
export function assertOneOfSaved(saved: string[], address: string) {
  if (saved.length > 0 && !saved.includes(address.trim())) {
    throw badRequest(CART_API_MESSAGES.unsavedAddress, 'shippingAddress');
  }
}

/**
 * The header's calls (`calls`) and the lock the line calls share (`lockOrCreateCart`: the user's
 * cart, locked; created when missing).
 */
export function createCartHeader(ctx: AppContext) {
  const { db } = ctx;

  /** The user's first vendor (lowest id), or null. */
  const firstVendorId = (user: AuthUser) => (user.vendorIds.length > 0 ? Math.min(...user.vendorIds) : null);

  /** Header and currency of a new cart for the user (not saved). */
  async function newCartValues(q: Q, user: AuthUser) {
    const vendorId = firstVendorId(user);
    const vendor = vendorId ? await repo.vendorWithCurrency(q, vendorId) : undefined;
    const contact = await repo.userContact(q, user.id);
    const fallback = await lookups.houseCurrency(q);
    return {
      userId: user.id,
      vendorId: vendor?.id ?? null,
      priceCurrencyId: vendor?.currencyId ?? fallback?.id ?? null,
      contact: contact?.contactName ?? user.name,
      email: contact?.email ?? user.email,
      phone: contact?.telephone ?? null,
      billingAddress: vendor?.billingAddress ?? null,
      billingAccount: vendor?.billingAccountNumber ?? null,
      deliveryMethod: vendor?.preferredShippingMethod ?? null,
      deliveryAccount: vendor?.deliveryAccountNumber ?? null,
      companyName: vendor?.companyName ?? null,
    };
  }

  /**
   * The user's cart, locked; created (prefilled) when missing. While the user's cart is being
   * placed by another request, the lock waits for it and the placed order is no longer a cart; the
   * new cart's insert may then meet the placing row in the one-cart index for a moment: try again
   * (a few times), and answer 409 rather than fail if it still cannot be had.
   */
  async function lockOrCreateCart(tx: Tx, user: AuthUser): Promise<CartRow> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const existing = await repo.lockCart(tx, user.id);
      if (existing) return existing;
      const { companyName: _, ...values } = await newCartValues(tx, user);
      await repo.insertCartIfMissing(tx, values);
      const created = await repo.lockCart(tx, user.id);
      if (created) return created;
    }
    throw conflict(CART_API_MESSAGES.cartBusy);
  }

  /**
   * A cart's shipping address is one of its vendor's saved addresses (ordering §2 Cart: "choice from
   * the vendor's saved addresses"; a new one is added on vendor details). Free text only for a cart
   * without vendor, or a vendor with no saved address yet (docs/decisions/0009-cart-rules.md).
   */
  async function assertSavedAddress(q: Q, cart: CartRow, address: string) {
    if (cart.vendorId == null) return;
    const saved = await repo.shippingAddresses(q, cart.vendorId);
    assertOneOfSaved(
      saved.map((a) => a.address),
      address,
    );
  }

  /** The cart as the role may see it: a view of the order read model (orders.views.ts cartView). */
  async function view(q: Q, orderId: number, user: AuthUser): Promise<Cart> {
    const record = await findOrderRecord(q, orderId, eq(orders.userId, user.id));
    if (!record) throw notFound(CART_API_MESSAGES.lineNotFound);
    return cartView(record, user.role);
  }

  /** The header a new cart would get, for a user without one (nothing saved). */
  async function unsavedView(user: AuthUser): Promise<Cart> {
    const v = await newCartValues(db, user);
    const codes = await lookups.currencyCodes(db, v.priceCurrencyId ? [v.priceCurrencyId] : []);
    const priceCurrency = (v.priceCurrencyId && codes.get(v.priceCurrencyId)) || DEFAULT_PRICE_CURRENCY;
    return {
      orderId: null,
      vendorPO: null,
      vendorId: v.vendorId,
      contact: v.contact,
      email: v.email,
      phone: v.phone,
      dateRequested: null,
      shippingAddress: null,
      deliveryMethod: v.deliveryMethod,
      deliveryAccount: v.deliveryAccount,
      billingAccount: v.billingAccount,
      billingAddress: v.billingAddress,
      comments: null,
      orderItems: [],
      ...(canSee('price', user.role)
        ? { orderCharges: [], totalPrice: { currency: priceCurrency, price: '0.00' } }
        : {}),
      ...(canSee('cost', user.role) ? { totalCost: null } : {}),
      company: v.companyName,
      customerId: null,
      customer: null,
      productionRegionId: null,
      productionRegion: null,
      relatedDocs: [],
    };
  }

  return {
    lockOrCreateCart,
    calls: {
      /** GET /orders/cart */
      async getCart(user: AuthUser): Promise<Cart> {
        const cart = await repo.findCart(db, user.id);
        return cart ? view(db, cart.id, user) : unsavedView(user);
      },

      /** PUT /orders/cart: saves header fields (light checks; the full rules apply when placing). */
      async updateHeader(user: AuthUser, patch: CartHeaderUpdate): Promise<Cart> {
        const email = patch.email?.trim();
        if (email && !isValidEmail(email)) throw badRequest(MESSAGES.invalidEmail, 'email');
        // Only the header's own fields are written (CartPatch): never the status or another column.
        const values: CartPatch = {};
        for (const key of cartHeaderUpdate.keyof().options) {
          const value = patch[key];
          if (value === undefined) continue;
          values[key] = typeof value === 'string' && value.trim() === '' ? null : value;
        }
        return db.transaction(async (tx) => {
          const cart = await lockOrCreateCart(tx, user);
          if (values.shippingAddress) await assertSavedAddress(tx, cart, values.shippingAddress);
          if (Object.keys(values).length > 0) {
            await repo.updateCart(tx, cart.id, values);
            await publishCartChange(tx, user, cart.id);
          }
          return view(tx, cart.id, user);
        });
      },

      /** GET /orders/shipping-addresses: the saved addresses of the cart's (else the user's) vendor. */
      async shippingAddresses(user: AuthUser) {
        const cart = await repo.findCart(db, user.id);
        const vendorId = cart?.vendorId ?? firstVendorId(user);
        return { addresses: vendorId ? await repo.shippingAddresses(db, vendorId) : [] };
      },

      /** GET /orders/cart-status: number of lines and the cart's id (for the navigation bar). */
      async cartStatus(user: AuthUser) {
        const cart = await repo.findCart(db, user.id);
        return { itemCount: cart ? await repo.countLines(db, cart.id) : 0, orderId: cart?.id ?? null };
      },
    },
  };
}
