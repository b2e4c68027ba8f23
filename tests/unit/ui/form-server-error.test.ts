import { describe, expect, it, vi } from 'vitest';
import { ApiError, GENERIC_ERROR_TEXT } from '../../../src/lib/http/api-error';
import {
  serverAlertText,
  serverError,
  serverErrorField,
  showServerError,
} from '../../../src/ui/form-server-error';

const values = { zip: '', city: '' };
const fieldError = new ApiError(400, 'VALIDATION_FAILED', 'Enter a valid ZIP code.', 'zip');
const otherFieldError = new ApiError(400, 'VALIDATION_FAILED', 'Enter a card.', 'cardNumber');
const plainError = new ApiError(402, 'CCFAILEDACC', 'Your card was declined.');

describe('serverError: a form that places the message itself', () => {
  it('puts shape, rule and conflict refusals under the field they name', () => {
    const fields = ['email', 'allotedComputers'];
    for (const [status, code] of [
      [400, 'VALIDATION_FAILED'],
      [422, 'RULE_FAILED'],
      [409, 'CONFLICT'],
    ] as const) {
      const error = new ApiError(status, code, 'Email address already exists', 'email');
      expect(serverError(error, fields)).toEqual({
        field: 'email',
        message: 'Email address already exists',
      });
    }
  });

  it('keeps other codes, fields the form lacks and unreadable answers for the alert', () => {
    const denied = new ApiError(403, 'FORBIDDEN', 'Not allowed.', 'email');
    expect(serverError(denied, ['email'])).toEqual({ field: null, message: 'Not allowed.' });
    expect(serverError(otherFieldError, ['email']).field).toBeNull();
    expect(serverError(new Error('boom'), ['email'])).toEqual({
      field: null,
      message: GENERIC_ERROR_TEXT,
    });
  });
});

describe('a failed call on a form', () => {
  it('stands under the field it names when the form has that field', () => {
    expect(serverErrorField(fieldError, values)).toBe('zip');
    expect(serverAlertText(fieldError, values)).toBe('');
  });

  it('goes to the alert when it names no field, or one the form lacks', () => {
    expect(serverErrorField(plainError, values)).toBeUndefined();
    expect(serverAlertText(plainError, values)).toBe('Your card was declined.');
    expect(serverAlertText(otherFieldError, values)).toBe('Enter a card.');
  });

  it('shows the generic text for an answer that is not an API error, and nothing without one', () => {
    expect(serverAlertText(new Error('boom'), values)).toBe(GENERIC_ERROR_TEXT);
    expect(serverAlertText(null, values)).toBe('');
  });
});

describe('a failed call on a form that toasts what no field takes', () => {
  it('puts a refusal for a listed field under that field', () => {
    const setFieldError = vi.fn();
    showServerError(fieldError, setFieldError, ['zip']);
    expect(setFieldError).toHaveBeenCalledWith('zip', 'Enter a valid ZIP code.');
  });

  it('leaves the fields alone for any other refusal', () => {
    const setFieldError = vi.fn();
    showServerError(otherFieldError, setFieldError, ['zip']);
    showServerError(plainError, setFieldError, ['zip']);
    expect(setFieldError).not.toHaveBeenCalled();
  });
});
