// The landing page's top bar: brand, in-page anchors, 'Sign In / Join' and a phone menu on
// <details> that works without JavaScript. With it, Escape or a followed link closes the menu and
// focuses its button, so a dialog opened from the menu returns focus there (decision 038).
import { Link } from "~/components/ui/router";
import { Icon } from "~/components/ui/icon";
import { useRef, type KeyboardEvent, type MouseEvent } from "react";
import { AuthLink } from "~/components/auth/auth-link";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { NAV_LINKS } from "~/content/landing";
import { HOME_PATH } from "~/lib/paths";
import { useFrameBrand } from "~/lib/page-meta";
import { BrandMark } from "~/components/brand-mark";

const linkClass =
  "rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:text-slate-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

function NavItems({ className }: { className?: string }) {
  return (
    <div className={cn("flex", className)}>
      <ul className="flex gap-4 [&>li]:flex">
        {NAV_LINKS.map((link) => (
          <li key={link.href}>
            <a href={link.href} className={linkClass}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
      <Button asChild size="sm">
        <AuthLink mode="sign-in">Sign In / Join</AuthLink>
      </Button>
    </div>
  );
}

function MobileMenu() {
  const details = useRef<HTMLDetailsElement>(null);
  const close = () => {
    if (!details.current) return;
    details.current.open = false;
    details.current.querySelector("summary")?.focus();
  };
  /** With JavaScript, following any link in the menu also closes it. */
  const closeOnLink = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest("a")) close();
  };
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === "Escape" && details.current?.open) close();
  };
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- delegated from the links and <summary> inside
    <details
      ref={details}
      className="group relative md:hidden"
      onClick={closeOnLink}
      onKeyDown={closeOnEscape}
    >
      {/* role="button" is summary's implicit role, spelled out for tools that miss it. */}
      <summary
        role="button"
        className="inline-flex size-10 cursor-pointer list-none items-center justify-center rounded-md hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden"
      >
        <Icon name="menu" className="size-5 group-open:hidden" />
        <Icon name="x" className="hidden size-5 group-open:block" />
        <span className="sr-only">Open menu</span>
      </summary>
      <nav
        aria-label="Main"
        className="absolute right-0 top-12 z-30 w-[min(18rem,calc(100vw-2rem))] rounded-lg border bg-background p-4 shadow-lg"
      >
        <NavItems className="flex-col gap-4 [&>ul]:flex-col" />
      </nav>
    </details>
  );
}

export function LandingNav() {
  const brand = useFrameBrand();
  return (
    <header className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
      <Link
        to={HOME_PATH}
        className="flex items-center gap-2 rounded-md font-semibold text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <BrandMark brand={brand} />
        {brand.name}
      </Link>
      <nav aria-label="Main" className="hidden min-w-0 items-center md:flex">
        <NavItems className="items-center gap-6" />
      </nav>
      <MobileMenu />
    </header>
  );
}
