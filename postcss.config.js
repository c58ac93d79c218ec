// PostCSS pipeline for Tailwind v3.
export default { plugins: { tailwindcss: {}, autoprefixer: {} } };
