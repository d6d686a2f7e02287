import type { FC } from 'react';
import { createErrorBlock, type ErrorBlockProps } from 'antd-mobile';
import { disconnectedImage, emptyImage } from 'antd-mobile/es/components/error-block/images';

/**
 * antd-mobile's ErrorBlock with the two illustrations the app shows: `empty` (no data) and
 * `disconnected` (a load that failed). The library's own ErrorBlock carries all four of its
 * pictures (about 18 KB more, in the first load of every screen); this one is built by the
 * library's createErrorBlock from the two.
 */
export const ErrorBlock: FC<Omit<ErrorBlockProps, 'status'> & { status: 'empty' | 'disconnected' }> = createErrorBlock({ empty: emptyImage, disconnected: disconnectedImage });
