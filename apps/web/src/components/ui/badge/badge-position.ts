import { badgeOffsets, badgeSize } from '@rehabit/contract';
import type { CSSProperties } from 'react';

export type BadgePlacement = {
  /** 'big' or 'normal'; anything else is treated as normal. */
  size?: string;
  /** Pixel offsets such as '4px' or '-20px'; invalid values fall back to 0px / -20px. */
  x?: string;
  y?: string;
};

/** Size class and offset style of a badge, after the size and offset checks of decision 1310. */
export function badgePlacement({ size, x, y }: BadgePlacement) {
  const offsets = badgeOffsets(x, y);
  return {
    className: `badge--${badgeSize(size)}`,
    style: { '--badge-x': offsets.x, '--badge-y': offsets.y } as CSSProperties,
  };
}
