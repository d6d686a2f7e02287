import { createElement, type ComponentType } from 'react';
import type { EndpointSpec } from '@tp/contracts';
import type { QueueDefinition } from './queue-definition';
import { ReviewQueue } from './review-queue';

/**
 * The page of a queue: the default export of its definition file, so that the registry line is
 * `lazy(() => import('../features/queues/definitions/<queue>'))`.
 */
export function queuePage<L extends EndpointSpec>(definition: QueueDefinition<L>): ComponentType {
  const Page = () => createElement(ReviewQueue<L>, { definition });
  Page.displayName = `ReviewQueue(${definition.key})`;
  return Page;
}
