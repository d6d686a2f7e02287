import type { EndpointData, EndpointSpec, Paged } from '@tp/contracts';

/** What every reviewed item has: an id for the `:id` actions and the server's status number. */
export interface QueueItem {
  id: number;
  status: number;
}

/** The items of a list endpoint answering `{ data, total, current_page, last_page, per_page }`. */
export type ItemOf<L extends EndpointSpec> = EndpointData<L> extends Paged<infer T> ? T : never;

/** A status of the queue's filter: the server's number and its label `queues:status.<key>`. */
export interface QueueStatus {
  value: number;
  key: 'waiting' | 'approved' | 'rejected' | 'invalid' | 'to_repay' | 'repayment_review' | 'repaid';
}

/** One value of an item, labelled `queues:<queue key>.fields.<key>`; `t` translates in the `queues` namespace. */
export interface QueueField<T> {
  key: string;
  value: (item: T, t: (key: string) => string) => string | number | null | undefined;
  /** As a column, a long text (an address, a channel) that may wrap; the others stay on one line. */
  wrap?: boolean;
  /** The value is a staff id (a reviewer): shown as the staff member's e-mail. */
  staff?: boolean;
  /** Listed only for the items it applies to (a bank row of a bank withdrawal, not of a crypto one). */
  when?: (item: T) => boolean;
}

/** An uploaded image of an item (a proof), shown full size in the detail drawer. */
export interface QueueImage<T> {
  key: string;
  path: (item: T) => string | null | undefined;
}

/**
 * A review queue: one definition drives the shared page (status filter, paged table, detail
 * drawer with the images, approve and reject, keyboard). Texts live in the `queues` namespace
 * under the queue's `key`: `<key>.nav`, `<key>.title`, `<key>.fields.<field key>`.
 */
export interface QueueDefinition<L extends EndpointSpec> {
  key: string;
  /** GET, input `{ status?, page }`, a page of items. */
  list: L;
  /** POST `/:id/approve`. */
  approve: EndpointSpec;
  /** POST `/:id/reject`, input `{ reason }` (required: the user is told why). */
  reject: EndpointSpec;
  /** Whether the approve endpoint takes an optional `reason` (a note). */
  approveTakesNote: boolean;
  /** The filter's statuses, the waiting one first (the page opens on it). */
  statuses: readonly [QueueStatus & { key: 'waiting' }, ...QueueStatus[]];
  columns: readonly QueueField<ItemOf<L>>[];
  /** Every field the drawer lists (columns included or not). */
  detailFields: readonly QueueField<ItemOf<L>>[];
  imageFields: readonly QueueImage<ItemOf<L>>[];
  /** Private files of an item that are not images (a signed agreement's PDF): a download button each. */
  fileFields?: readonly QueueImage<ItemOf<L>>[];
}

/** Checks a definition's types against its list endpoint's items. */
export function defineQueue<L extends EndpointSpec>(definition: QueueDefinition<L> & (ItemOf<L> extends QueueItem ? unknown : never)): QueueDefinition<L> {
  return definition;
}
