/**
 * `useRuleForm`: Mantine's useForm with the rule book and the spec's input behaviour built in, so
 * every form gets them by listing its fields' rules:
 * - each field is validated by its rule, on the trimmed value, and submitted values are trimmed;
 * - name and password fields are checked when they lose focus;
 * - focusing the last name checks the first name;
 * - a new error is highlighted for 5 seconds (`data-error-highlight` on the input and the message);
 * - a refused submit scrolls to and focuses the first invalid field.
 */
import { useForm, type UseFormInput, type UseFormReturnType } from '@mantine/form';
import { useErrorHighlight } from './form-error-highlight';
import { focusFirstInvalid, formOf } from './focus-first-invalid';
import {
  blurCheckedFields,
  focusChecks,
  trimStrings,
  validatorsFromRules,
  type RuleMap,
} from './form-rules';
import './form-error-highlight.css';

export interface UseRuleFormInput<Values extends object> extends Omit<
  UseFormInput<Values>,
  'validate' | 'initialValues'
> {
  readonly initialValues: Values;
  /** The rule of each field from `rules` in src/domain/validation.ts. */
  readonly rules: RuleMap<Values>;
  /** Fields to check when another one gains focus; by default the last name checks the first. */
  readonly validateOnFocus?: Partial<
    Record<Extract<keyof Values, string>, Extract<keyof Values, string>[]>
  >;
}

export const HIGHLIGHT_ATTRIBUTE = 'data-error-highlight';

export function useRuleForm<Values extends object>({
  rules: ruleMap,
  validateOnFocus,
  ...options
}: UseRuleFormInput<Values>): UseFormReturnType<Values> {
  const form = useForm<Values>({
    validateInputOnBlur: blurCheckedFields(ruleMap),
    transformValues: trimStrings,
    ...options,
    validate: validatorsFromRules(ruleMap) as UseFormInput<Values>['validate'],
  });
  const highlighted = useErrorHighlight(form.errors);
  const onFocusChecks = validateOnFocus ?? focusChecks(ruleMap);

  const getInputProps: UseFormReturnType<Values>['getInputProps'] = (path, inputOptions) => {
    const props = form.getInputProps(path, inputOptions);
    const checks: readonly string[] =
      (onFocusChecks as Partial<Record<string, string[]>>)[path] ?? [];
    const extra: Record<string, unknown> = {};
    if (checks.length > 0) {
      const onFocus = props.onFocus as ((event: unknown) => void) | undefined;
      extra.onFocus = (event: unknown) => {
        onFocus?.(event);
        for (const field of checks) form.validateField(field);
      };
    }
    if (highlighted.has(path)) {
      extra[HIGHLIGHT_ATTRIBUTE] = true;
      extra.errorProps = { [HIGHLIGHT_ATTRIBUTE]: true };
    }
    return { ...props, ...extra };
  };

  const onSubmit: UseFormReturnType<Values>['onSubmit'] = (handleSubmit, handleFailure) =>
    form.onSubmit(handleSubmit, (errors, values, event) => {
      handleFailure?.(errors, values, event);
      focusFirstInvalid(formOf(event));
    });

  return { ...form, getInputProps, onSubmit };
}
