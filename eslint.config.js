// ESLint for the whole repository (`npm run lint`): typescript-eslint's recommended rules everywhere
// (those of NestJS's own project template), React's and the rules of hooks in the two UIs, and
// Prettier's config last so that formatting is left to Prettier (`npm run format`).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'test/artifacts/**',
      'test/bench/results/**',
      'test/api-client/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      // Unused names are an error, except those named to be ignored (`_request`, `[, second]`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['applicant-ui/**/*.{ts,tsx}', 'admin-ui/**/*.{ts,tsx}', 'test/ui-kit/**/*.{ts,tsx}'],
    ...react.configs.flat.recommended,
    ...react.configs.flat['jsx-runtime'],
    languageOptions: { ...react.configs.flat.recommended.languageOptions, globals: { ...globals.browser } },
    plugins: { react, 'react-hooks': reactHooks },
    settings: { react: { version: 'detect' } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat['jsx-runtime'].rules,
      // The rules of hooks. The plugin's other recommended rules are written for the React Compiler,
      // which neither UI uses: they would flag working code the compiler would have to rewrite.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Types say what props a component takes.
      'react/prop-types': 'off',
      // The texts are written as users read them (apostrophes and quotes included); a stray > or } is still an error.
      'react/no-unescaped-entities': ['error', { forbid: ['>', '}'] }],
    },
  },
  {
    // The applicant app's service worker: plain JavaScript run by the browser as a worker; the build fills in its precache list.
    files: ['applicant-ui/sw/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker, __SVP_PRECACHE__: 'readonly' } },
  },
  prettier,
  {
    // After Prettier's config, which turns it off: Prettier wraps code at 140 characters, and this
    // catches the lines it cannot wrap (comments, long strings).
    rules: { 'max-len': ['error', { code: 140, ignoreUrls: true, ignoreRegExpLiterals: true }] },
  },
);
