// Tailwind theme: the portal's colour tokens, sidebar sizes and wave animations, and the variant
// that shows a collapsed sidebar link's tooltip.
import type { Config } from "tailwindcss";
import plugin from "tailwindcss/plugin";

export default {
  content: ["./app/**/{**,.client,.server}/**/*.{js,jsx,ts,tsx}"],
  theme: {
    extend: {
      colors: {
        border: "hsl(var(--border))",
        input: "hsl(var(--input))",
        ring: "hsl(var(--ring))",
        background: "hsl(var(--background))",
        foreground: "hsl(var(--foreground))",
        primary: { DEFAULT: "hsl(var(--primary))", foreground: "hsl(var(--primary-foreground))" },
        secondary: {
          DEFAULT: "hsl(var(--secondary))",
          foreground: "hsl(var(--secondary-foreground))",
        },
        destructive: {
          DEFAULT: "hsl(var(--destructive))",
          foreground: "hsl(var(--destructive-foreground))",
        },
        muted: { DEFAULT: "hsl(var(--muted))", foreground: "hsl(var(--muted-foreground))" },
        accent: { DEFAULT: "hsl(var(--accent))", foreground: "hsl(var(--accent-foreground))" },
        card: { DEFAULT: "hsl(var(--card))", foreground: "hsl(var(--card-foreground))" },
        sidebar: {
          DEFAULT: "hsl(var(--sidebar-background))",
          foreground: "hsl(var(--sidebar-foreground))",
          accent: "hsl(var(--sidebar-accent))",
          "accent-foreground": "hsl(var(--sidebar-accent-foreground))",
          border: "hsl(var(--sidebar-border))",
          ring: "hsl(var(--sidebar-ring))",
        },
      },
      borderRadius: {
        lg: "var(--radius)",
        md: "calc(var(--radius) - 2px)",
        sm: "calc(var(--radius) - 4px)",
      },
      // The waves background (spec: waves of 8, 20 and 25 seconds, six drifting dots), the
      // navigation spinner's delayed fade-in and the phone sheet's slide-in. Every use is guarded by
      // motion-safe: or motion-reduce:animate-none (prefers-reduced-motion).
      keyframes: {
        wave: { from: { transform: "translateX(0)" }, to: { transform: "translateX(-50%)" } },
        drift: {
          "0%, 100%": { transform: "translate(0, 0)" },
          "33%": { transform: "translate(1.5rem, -2rem)" },
          "66%": { transform: "translate(-1rem, -3.5rem)" },
        },
        "fade-in": { from: { opacity: "0" }, to: { opacity: "1" } },
        "sheet-in": {
          from: { transform: "translateX(-100%)" },
          to: { transform: "translateX(0)" },
        },
      },
      animation: {
        "wave-8": "wave 8s linear infinite",
        "wave-20": "wave 20s linear infinite",
        "wave-25": "wave 25s linear infinite",
        drift: "drift 14s ease-in-out infinite",
        "fade-in": "fade-in 200ms ease-out 300ms both",
        "sheet-in": "sheet-in 200ms ease-out",
      },
    },
  },
  plugins: [
    // `rail-tooltip:` applies while a link (`sidebar-link`) of the collapsed sidebar rail, whose
    // tooltips are on (`data-tooltips="on"`), is hovered or keyboard-focused (ui/sidebar.tsx).
    plugin(({ addVariant }) => {
      addVariant(
        "rail-tooltip",
        ".group[data-tooltips=on] .sidebar-link:is(:hover,:focus-visible) &",
      );
    }),
  ],
} satisfies Config;
