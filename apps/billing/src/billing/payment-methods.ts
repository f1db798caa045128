import { type PaymentMethodMirror } from './customer.schema';

/** The cards mirrored on a billing account and which one pays by default. */
export interface CardsOnFile {
  paymentMethods: PaymentMethodMirror[];
  defaultPaymentMethodId: string | null;
}

/** One change to the cards on file, from the billing screen or a Stripe webhook. */
export type CardChange =
  | { kind: 'attached'; card: PaymentMethodMirror; makeDefault: boolean }
  | { kind: 'detached'; id: string }
  | { kind: 'default'; id: string | null };

/**
 * The cards after a change. Idempotent (attaching a card twice keeps one copy, detaching an
 * absent card changes nothing), so a webhook that repeats what a call already mirrored is harmless.
 * A removed default leaves no default: Stripe then has none either (`customer.updated` follows).
 */
export function applyCardChange(cards: CardsOnFile, change: CardChange): CardsOnFile {
  switch (change.kind) {
    case 'attached': {
      const others = cards.paymentMethods.filter((pm) => pm.id !== change.card.id);
      return {
        paymentMethods: [...others, change.card],
        defaultPaymentMethodId:
          change.makeDefault || !cards.defaultPaymentMethodId ? change.card.id : cards.defaultPaymentMethodId,
      };
    }
    case 'detached':
      return {
        paymentMethods: cards.paymentMethods.filter((pm) => pm.id !== change.id),
        defaultPaymentMethodId:
          cards.defaultPaymentMethodId === change.id ? null : cards.defaultPaymentMethodId,
      };
    case 'default':
      return { paymentMethods: cards.paymentMethods, defaultPaymentMethodId: change.id };
  }
}

/**
 * Why a card may not be removed, or null. Decision: while a subscription is live its default
 * card stays until another card is made the default (otherwise the next invoice has nothing to
 * charge); the only card of a live subscription is its default, so it stays too. Without a live
 * subscription every card may go.
 */
export function removalProblem(
  cards: CardsOnFile,
  id: string,
  subscribed: boolean,
): 'not-found' | 'default-of-live-subscription' | null {
  if (!cards.paymentMethods.some((pm) => pm.id === id)) return 'not-found';
  if (subscribed && cards.defaultPaymentMethodId === id) return 'default-of-live-subscription';
  return null;
}

/** Same cards, same default: nothing to write. */
export function sameCards(a: CardsOnFile, b: CardsOnFile): boolean {
  return (
    a.defaultPaymentMethodId === b.defaultPaymentMethodId &&
    JSON.stringify(a.paymentMethods) === JSON.stringify(b.paymentMethods)
  );
}
