import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OrderStatus } from '../../../contract/p2p-orders.ts';

/**
 * An order's status in a few words (P2P.md's lifecycle), the same for both sides: what the order
 * waits for, not whose turn it is (the list marks that apart).
 */
export const orderStatusNames: Readonly<Record<OrderStatus, MessageDescriptor>> = {
  processed: msg({ message: 'Awaiting acceptance', context: 'order status' }),
  accepted: msg({ message: 'Awaiting payment', context: 'order status' }),
  pending: msg({ message: 'Payment sent', context: 'order status' }),
  confirmed: msg({ message: 'Releasing', context: 'order status' }),
  disputed: msg({ message: 'In dispute', context: 'order status' }),
  completed: msg({ message: 'Completed', context: 'order status' }),
  canceled: msg({ message: 'Canceled', context: 'order status' }),
};
