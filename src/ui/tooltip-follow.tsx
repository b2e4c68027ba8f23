import { Tooltip, type TooltipFloatingProps } from '@mantine/core';

/**
 * A tooltip that follows the mouse pointer (spec section 1), on Mantine's Tooltip.Floating. Its
 * child must accept a ref (a Mantine component or a DOM element).
 */
export function FollowTooltip({
  offset = 12,
  multiline = true,
  w = 260,
  ...props
}: TooltipFloatingProps) {
  return <Tooltip.Floating offset={offset} multiline={multiline} w={w} {...props} />;
}
