import { Button, Tooltip, type ButtonProps, type ElementProps } from '@mantine/core';
import { OFFLINE_ACTION_HINT, useIsOnline } from '../offline/online-status';

export type ServerActionButtonProps = ButtonProps & ElementProps<'button', keyof ButtonProps>;

/**
 * A Mantine Button for an action that needs the server (it saves, changes or deletes). Online it
 * is the plain Button. Offline it is turned off and says why instead of failing on click (issue 9).
 *
 * Offline it follows Mantine's "disabled button with Tooltip" recipe, not the native `disabled`
 * attribute: a natively disabled button gets no pointer or focus events, so neither a mouse nor a
 * keyboard user could reach the explanation. It is `aria-disabled` and `data-disabled` (Mantine's
 * disabled look) and cancels its click, which also cancels a form's submit (the implicit one from
 * Enter in a field too). The reason shows as a tooltip on hover and on focus (then also linked by
 * aria-describedby) and is the button's `aria-description` for screen readers. No hidden copy of
 * the text sits in the page: "You are offline" stays the banner's text only.
 */
export function ServerActionButton({ onClick, disabled, ...props }: ServerActionButtonProps) {
  const isOnline = useIsOnline();
  if (isOnline) return <Button {...props} disabled={disabled} onClick={onClick} />;
  return (
    <Tooltip
      label={OFFLINE_ACTION_HINT}
      multiline
      w={260}
      events={{ hover: true, focus: true, touch: true }}
    >
      <Button
        {...props}
        data-disabled
        aria-disabled
        aria-description={OFFLINE_ACTION_HINT}
        onClick={(event) => event.preventDefault()}
      />
    </Tooltip>
  );
}
