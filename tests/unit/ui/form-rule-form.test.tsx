// @vitest-environment jsdom
import { Checkbox, PasswordInput, TextInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HIGHLIGHT_MS } from '../../../src/domain/limits';
import { rules } from '../../../src/domain/validation';
import { useRuleForm } from '../../../src/ui/form-rule-form';
import { NumericInput } from '../../../src/ui/input-numeric';
import { advanceTimers, renderWithMantine } from './form-test-utils';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const setup = () => userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

interface SignupValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  cvv: string;
  agree: boolean;
}

function SignupForm({ onSubmit }: { onSubmit: (values: SignupValues) => void }) {
  const form = useRuleForm<SignupValues>({
    initialValues: { firstName: '', lastName: '', email: '', password: '', cvv: '', agree: false },
    rules: {
      firstName: rules.firstName,
      lastName: rules.lastName,
      email: rules.email,
      password: rules.password,
      cvv: rules.cvv,
    },
  });
  return (
    <form onSubmit={form.onSubmit(onSubmit)}>
      <TextInput label="First Name" {...form.getInputProps('firstName')} />
      <TextInput label="Last Name" {...form.getInputProps('lastName')} />
      <TextInput label="Email Address" {...form.getInputProps('email')} />
      <PasswordInput label="Password" {...form.getInputProps('password')} />
      <NumericInput label="CVV" {...form.getInputProps('cvv')} />
      <Checkbox label="I agree" {...form.getInputProps('agree', { type: 'checkbox' })} />
      <button type="submit">Create My Account</button>
    </form>
  );
}

const renderForm = () => {
  const onSubmit = vi.fn<(values: SignupValues) => void>();
  renderWithMantine(<SignupForm onSubmit={onSubmit} />);
  return onSubmit;
};

describe('useRuleForm', () => {
  it('checks name and password fields when they lose focus, not the email', async () => {
    const user = setup();
    renderForm();
    await user.click(screen.getByLabelText('Password'));
    await user.click(screen.getByLabelText('Email Address'));
    expect(screen.getByText('Password cannot be blank')).toBeInTheDocument();
    await user.click(screen.getByLabelText('CVV'));
    expect(screen.queryByText('Email cannot be blank')).not.toBeInTheDocument();
  });

  it('focuses and scrolls to the first invalid field when a submit is refused', async () => {
    const user = setup();
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderForm();
    await user.type(screen.getByLabelText('First Name'), 'Mary');
    await user.type(screen.getByLabelText('Last Name'), 'Lee');
    await user.click(screen.getByRole('button', { name: 'Create My Account' }));
    advanceTimers(50);
    expect(screen.getByLabelText('Email Address')).toHaveFocus();
    expect(scrolled).toHaveBeenCalled();
  });

  it('checks the first name when focus moves to the last name', async () => {
    const user = setup();
    renderForm();
    await user.click(screen.getByLabelText('Last Name'));
    expect(screen.getByText('First name cannot be blank')).toBeInTheDocument();
    expect(screen.queryByText('Last name cannot be blank')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText('Last name cannot be blank')).toBeInTheDocument();
  });

  it('trims before checking and submits trimmed values', async () => {
    const user = setup();
    const onSubmit = renderForm();
    await user.type(screen.getByLabelText('First Name'), '  Mary  ');
    await user.type(screen.getByLabelText('Last Name'), ' Lee ');
    await user.type(screen.getByLabelText('Email Address'), '  mary@example.com ');
    await user.type(screen.getByLabelText('Password'), ' secret1 ');
    await user.type(screen.getByLabelText('CVV'), '123');
    await user.click(screen.getByRole('button', { name: 'Create My Account' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      firstName: 'Mary',
      lastName: 'Lee',
      email: 'mary@example.com',
      password: 'secret1',
      cvv: '123',
      agree: false,
    });
  });

  it('shows the spec messages on submit and holds their highlight for 5 seconds', async () => {
    const user = setup();
    const onSubmit = renderForm();
    await user.type(screen.getByLabelText('Email Address'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Create My Account' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const email = screen.getByLabelText('Email Address');
    const message = screen.getByText('Enter a valid email address');
    expect(screen.getByText('CVV cannot be blank')).toBeInTheDocument();
    expect(email).toHaveAttribute('data-error-highlight', 'true');
    expect(message).toHaveAttribute('data-error-highlight', 'true');

    advanceTimers(HIGHLIGHT_MS - 1);
    expect(email).toHaveAttribute('data-error-highlight', 'true');
    advanceTimers(1);
    expect(email).not.toHaveAttribute('data-error-highlight');
    // The message itself stays until the value is fixed.
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).not.toHaveAttribute(
      'data-error-highlight',
    );
  });

  it('keeps the non-numeric paste revert inside a form', async () => {
    const user = setup();
    renderForm();
    const cvv = screen.getByLabelText('CVV');
    await user.click(cvv);
    await user.paste('12x');
    expect(cvv).toHaveValue('12x');
    advanceTimers(1000);
    expect(cvv).toHaveValue('');
  });
});
