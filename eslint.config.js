// Lint rules: correctness only (Prettier owns formatting); TypeScript, React hooks and a11y.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "node_modules/",
      "playwright-report/",
      "test-results/",
      "reports/",
      ".data/",
      "bench-results/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    // Icons come from the build's sprite (<Icon name>, app/components/ui/icon.tsx), never as
    // components: each would put its whole drawing into every page (docs/decisions/043-icon-sprite.md).
    // Links and forms come from app/components/ui/router.tsx, without `data-discover` (decision 075).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/components/ui/router.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "lucide-react",
              message:
                "Draw icons with <Icon name> from ~/components/ui/icon (add the name to icon-names.ts).",
            },
            {
              name: "@remix-run/react",
              importNames: ["Link", "NavLink", "Form"],
              message: "Use Link, NavLink and Form from ~/components/ui/router.",
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures are declared by destructuring their first argument, even when empty.
    files: ["tests/e2e/**/*.ts", "tests/support/e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    settings: {
      react: { version: "18.3" },
      "jsx-a11y": { components: { Link: "a", NavLink: "a", Form: "form" } },
    },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      "react/prop-types": "off",
      "jsx-a11y/anchor-is-valid": ["error", { specialLink: ["to"] }],
    },
  },
);
