/**
 * Cart → "Add a new shipping address" → vendor details → save → Return to Cart (master-data §2
 * Vendors): back in the cart the vendor's addresses are read anew and the address added
 * meanwhile is chosen. The link remembers which addresses the cart offered (in this tab's memory
 * only: a reload forgets it and the cart simply lists the addresses); the cart, once it has a list
 * fetched after that moment, picks the last address that was not offered before.
 */
import { useEffect } from 'react';

interface PendingChoice {
  /** The address texts the cart offered when the link was followed. */
  offered: ReadonlySet<string>;
  /** When the link was followed (ms since the epoch): only a list fetched later counts. */
  since: number;
}

let pending: PendingChoice | null = null;

/** Called when the user follows "Add a new shipping address": remembers what the cart offered. */
export function rememberOfferedAddresses(addresses: readonly { address: string }[]): void {
  pending = { offered: new Set(addresses.map((a) => a.address)), since: Date.now() };
}

/**
 * The address to choose once the cart has `addresses` fetched at `fetchedAt`: the last one not
 * offered before the link was followed, or null (nothing pending, list not fetched since, or no new
 * address: the user came back without adding one). A returned choice is taken only once.
 */
export function takeNewAddress(addresses: readonly { address: string }[], fetchedAt: number): string | null {
  if (!pending || fetchedAt < pending.since) return null;
  const { offered } = pending;
  pending = null;
  const added = addresses.filter((a) => !offered.has(a.address));
  return added.length > 0 ? added[added.length - 1].address : null;
}

/**
 * Chooses the newly added address in the cart once the fresh list is there and the form is ready
 * (`ready`: the cart is loaded and the form initialised from it).
 */
export function useChooseNewAddress(
  ready: boolean,
  addresses: readonly { address: string }[] | undefined,
  fetchedAt: number,
  fetching: boolean,
  choose: (address: string) => void,
): void {
  useEffect(() => {
    if (!ready || !addresses || fetching) return;
    const address = takeNewAddress(addresses, fetchedAt);
    if (address !== null) choose(address);
  }, [ready, addresses, fetchedAt, fetching, choose]);
}
