import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

// Imports flow one way: domain <- lib/ui <- features <- app; server imports only src/domain.
const boundary = (patterns, message, paths = []) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }], paths }],
});
// Calls that change something go through useServerMutation, which drops a second submission
// while the first is on its way (a double click must not send two).
const serverMutationOnly = [
  {
    name: '@tanstack/react-query',
    importNames: ['useMutation'],
    message: 'Use useServerMutation from src/lib/http/use-server-mutation.ts.',
  },
];

// Dialogs open through src/ui/modals/confirm.ts, which mounts the modals provider first: the
// provider loads after the first screen (src/ui/modals/deferred-modals.tsx), so a direct
// `modals.*` call made before it would be lost.
const modalsThroughUi = [
  {
    name: '@mantine/modals',
    message: 'Use openConfirmModal from src/ui/modals/confirm.ts (it loads the provider first).',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'data',
      'node_modules',
      'test-results',
      'playwright-report',
      '.tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/unit/**/*.{ts,tsx}', 'tests/e2e/**/*.ts'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: boundary(
      [
        '**/lib/**',
        '**/ui/**',
        '**/features/**',
        '**/app/**',
        '**/server/**',
        'react',
        'react-dom',
      ],
      'src/domain is pure TypeScript: it imports nothing from the console or the server.',
    ),
  },
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}', 'src/offline/**/*.{ts,tsx}'],
    rules: boundary(
      ['**/features/**', '**/app/**', '**/server/**'],
      'lib, ui and offline sit below features and app.',
      serverMutationOnly,
    ),
  },
  {
    // The one place that wraps useMutation.
    files: ['src/lib/http/use-server-mutation.ts'],
    rules: boundary(
      ['**/features/**', '**/app/**', '**/server/**'],
      'lib, ui and offline sit below features and app.',
    ),
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: boundary(
      ['**/app/**', '**/server/**'],
      'features do not import the app shell or the server.',
      [...serverMutationOnly, ...modalsThroughUi],
    ),
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: modalsThroughUi }] },
  },
  {
    // Every CSV export goes through src/domain/csv.ts, which neutralises formula cells.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: [
      'src/domain/csv.ts',
      'src/lib/session/user-info-key.ts',
      'src/lib/session/user-info-query.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='unparse']",
          message: 'Write CSV with toCsv() from src/domain/csv.ts (it neutralises formula cells).',
        },
        {
          selector: "ImportSpecifier[imported.name='unparse']",
          message: 'Write CSV with toCsv() from src/domain/csv.ts (it neutralises formula cells).',
        },
        {
          // A length cap cuts what a user types or pastes (a 32-character password saved as its
          // first 20): the field's rule shows its message instead.
          selector: "JSXAttribute[name.name='maxLength']",
          message: 'Do not cap inputs with maxLength; let the rule book refuse with its message.',
        },
        {
          // A screen that spells the key itself may miss the answer the first render prefetched.
          selector: "Literal[value='user-info']",
          message:
            'Use userInfoKey() from src/lib/session/user-info-key.ts: user_info has one key.',
        },
        {
          selector: "CallExpression[callee.name='apiGet'] > Literal[value=/user_info$/]",
          message: 'Read user_info through src/lib/session/user-info-query.ts (one query for it).',
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: boundary(
      ['**/src/lib/**', '**/src/ui/**', '**/src/features/**', '**/src/app/**', '**/src/offline/**'],
      'the server imports only src/domain from the console side.',
    ),
  },
);
