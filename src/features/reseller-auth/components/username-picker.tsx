import { Radio, Stack } from '@mantine/core';
import { messages } from '../../../domain/messages';

/**
 * "Multiple accounts are associated with your email, select a Username": one radio per account.
 * Its own chunk, loaded only when the server asks for a choice, so the sign-in page does not
 * carry the radio components.
 */
export function UsernamePicker({
  usernames,
  chosen,
  onChange,
}: {
  usernames: string[];
  chosen: string;
  onChange: (username: string) => void;
}) {
  return (
    <Radio.Group label={messages['login.select.username']} value={chosen} onChange={onChange}>
      <Stack gap="xs" mt="xs">
        {usernames.map((name) => (
          <Radio key={name} value={name} label={name} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
