/**
 * Placing the cart (ordering §4 Placing an order; §8 Place-order refusals; the decisions in
 * cart.service.ts): validated, re-priced and placed through the order workflow in one transaction
 * holding the cart's lock.
 */
import {
  artworkAtPlacing,
  CART_API_MESSAGES,
  canSee,
  ORDER_PLACED_LOG,
  PLACE_ORDER_REFUSALS,
  type PlaceOrderResponse,
  placeOrderMessage,
  validateCartForPlacement,
} from '@selvedge/shared';
import type { AuthUser } from '../../platform/auth';
import type { AppContext } from '../../platform/context';
import { badRequest, conflict } from '../../platform/errors';
import { createOrderWorkflow, workflowFrom } from '../orders/orders.workflow';
import { allocateRfidSerials } from '../rfid/rfid.service';
import { careLabelRefusalAtPlacing } from './cart.careLabel';
import { assertOneOfSaved } from './cart.header';
import { repriceCart } from './cart.pricing';
import { cartRepository as repo } from './cart.repository';

/** The placing call of the cart. */
export function createCartPlacing(ctx: AppContext) {
  const { db } = ctx;
  const workflow = createOrderWorkflow(ctx);

  return {
    /**
     * PUT /orders/place: validates, re-prices and places the cart in one transaction holding the
     * cart row lock. Answers the new order's id, or -1 / -2 (prices / charges changed; the new
     * ones are stored so that the next call can succeed), -3 / -4 (a line's care label no longer
     * matches the customer's care configuration, read by the lock's statement; decision 0043).
     */
    async place(user: AuthUser, termsAccepted: boolean): Promise<PlaceOrderResponse> {
      const orderId = await db.transaction(async (tx) => {
        const cart = await repo.lockCartForPlacing(tx, user.id, user);
        if (!cart) {
          if (await repo.hasPlacedOrder(tx, user.id)) throw conflict(CART_API_MESSAGES.alreadyPlaced);
          throw badRequest(CART_API_MESSAGES.cartEmpty);
        }
        // One read of the lines serves the checks and the re-pricing (decision 0031: statements per place).
        const lines = await repo.pricingLines(tx, cart.id);
        if (lines.length === 0) throw badRequest(CART_API_MESSAGES.cartEmpty);
        const errors = validateCartForPlacement(cart, { role: user.role, termsAccepted });
        const [first] = Object.entries(errors);
        if (first) throw badRequest(first[1], first[0]);
        if (cart.shippingAddress) assertOneOfSaved(cart.savedAddresses, cart.shippingAddress);
        const inactive = lines.find((l) => l.inactiveSize != null);
        if (inactive)
          throw conflict(
            CART_API_MESSAGES.inactiveAtPlace(inactive.productSubcode, inactive.inactiveSize ?? ''),
          );
        if (cart.customerId != null && !cart.customerOrderable) {
          throw conflict(CART_API_MESSAGES.customerNotOrderable);
        }

        const r = await repriceCart(tx, cart, { lines, writeOrder: false });
        if (r.unpriced.length > 0)
          throw conflict(CART_API_MESSAGES.noPriceAtPlace(r.unpriced.join(', '), r.priceCurrency));
        if ((canSee('price', user.role) && r.priceChanged) || (canSee('cost', user.role) && r.costChanged)) {
          await repo.updateCart(tx, cart.id, r.orderPatch);
          return PLACE_ORDER_REFUSALS.pricesChanged;
        }
        if (r.chargesChanged) {
          await repo.updateCart(tx, cart.id, r.orderPatch);
          return PLACE_ORDER_REFUSALS.chargesChanged;
        }
        const careRefusal = careLabelRefusalAtPlacing(lines, cart.careConfig);
        if (careRefusal) return PLACE_ORDER_REFUSALS[careRefusal];

        // RFID lines get their serials: one statement for all of them, none without (decision 0067).
        if (lines.some((l) => l.rfid)) await allocateRfidSerials(tx, cart.id);

        const artwork = artworkAtPlacing(lines);
        const marked = artwork.filter((a) => a.marked).map((a) => a.line.orderItemId);
        const now = new Date();
        await workflow.transition(tx, user, { row: cart, workflow: workflowFrom(cart, artwork) }, 'place', {
          update: {
            ...r.orderPatch,
            hasArtwork: marked.length > 0,
            orderDate: now,
            termsAcceptedAt: now,
          },
          log: ORDER_PLACED_LOG,
          mail: 'placed',
          // The lines keep the minimum order values this pricing used (decision 0047); unit prices,
          // costs and charges are on the rows already (repriceCart found them unchanged).
          writes: [
            repo.placedLinesOf(
              lines.map((l) => ({
                orderItemId: l.orderItemId,
                minValue: l.minValue,
                marked: marked.includes(l.orderItemId),
              })),
            ),
          ],
        });
        return cart.id;
      });
      return { orderId, message: placeOrderMessage(orderId, user.role) };
    },
  };
}
