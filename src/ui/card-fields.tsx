import { Group, Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { rules } from '../domain/validation';
import { messages } from '../domain/messages';

export interface CardValues {
  cardNumber: string;
  cvv: string;
  expMonth: string;
  expYear: string;
  holder: string;
}

export const emptyCard: CardValues = {
  cardNumber: '',
  cvv: '',
  expMonth: '',
  expYear: '',
  holder: '',
};

/** The rule book's card checks, each field with its own message, plus an expiry not in the past. */
export function validateCard(
  values: CardValues,
  now = new Date(),
): Partial<Record<keyof CardValues, string>> {
  const errors: Partial<Record<keyof CardValues, string>> = {};
  const number = rules.cardNumber(values.cardNumber.replace(/[\s-]/g, ''));
  if (number) errors.cardNumber = number;
  const cvv = rules.cvv(values.cvv);
  if (cvv) errors.cvv = cvv;
  const month = Number(values.expMonth);
  const year = Number(values.expYear);
  if (!values.expMonth) errors.expMonth = messages['card.month.required'];
  if (!values.expYear) errors.expYear = messages['card.year.required'];
  const isPast = year * 12 + month - 1 < now.getFullYear() * 12 + now.getMonth();
  if (!errors.expMonth && !errors.expYear && isPast) errors.expMonth = messages['card.expired'];
  const holder = rules.name(values.holder);
  if (holder) errors.holder = holder;
  return errors;
}

const months = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

/** Number, CVV, expiry and name on card. The number is only ever sent to the server. */
export function CardFields<T extends CardValues>({ form }: { form: UseFormReturnType<T> }) {
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: 15 }, (_, i) => String(thisYear + i));
  return (
    <>
      <TextInput
        label="Name on card"
        autoComplete="cc-name"
        required
        key={form.key('holder')}
        {...form.getInputProps('holder')}
      />
      <TextInput
        label="Card number"
        autoComplete="cc-number"
        inputMode="numeric"
        required
        key={form.key('cardNumber')}
        {...form.getInputProps('cardNumber')}
      />
      <Group grow align="flex-start" wrap="wrap">
        <Select
          label="Expiry month"
          data={months.map((month) => ({ value: String(Number(month)), label: month }))}
          autoComplete="cc-exp-month"
          required
          allowDeselect={false}
          key={form.key('expMonth')}
          {...form.getInputProps('expMonth')}
        />
        <Select
          label="Expiry year"
          data={years}
          autoComplete="cc-exp-year"
          required
          allowDeselect={false}
          key={form.key('expYear')}
          {...form.getInputProps('expYear')}
        />
        <TextInput
          label="CVV"
          autoComplete="cc-csc"
          inputMode="numeric"
          required
          key={form.key('cvv')}
          {...form.getInputProps('cvv')}
        />
      </Group>
    </>
  );
}
