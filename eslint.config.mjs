// Lint rules the build enforces (`npm test` runs `eslint .`): typescript-eslint's recommended
// rules, no import cycles, src/core never imports `vscode` (the CLI and benchmarks run it in
// plain Node), and the line length the code keeps.
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'media/dist/**', 'node_modules/**', '.cache/**', '.vscode-test/**', '**/*.mjs', '**/*.js'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })], 'import-x/extensions': ['.ts'] },
    rules: {
      'import-x/no-cycle': 'error',
      'max-len': ['error', { code: 140, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreComments: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'src/core is the editor-free brain: the extension adapts it in src/vscode/.' }] }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
);
