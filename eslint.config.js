// ESLint for the browser code (make test; .ci/run installs the pinned versions with `npm ci`).
// The scripts are ES modules loaded by the pages (`<script type="module">`); Django's JavaScript catalog
// provides `gettext` and friends on `window`.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", "staticfiles/", ".venv/", "**/vendor/", "**/*.min.js"] },
  {
    files: ["static/js/**/*.js", "social/static/js/**/*.js", "ledger/static/**/*.js", "tests/**/*.js"],
    ...js.configs.recommended,
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
  },
  {
    files: ["eslint.config.js"],
    ...js.configs.recommended,
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.node },
  },
];
