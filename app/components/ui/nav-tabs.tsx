// Navigation tabs: links along a bottom rule, the current page's underlined (a `nav` named `label`),
// each with the count of what waits there when there is any.
import { NavLink } from "~/components/ui/router";
import { cn } from "~/lib/utils";

export interface NavTab {
  to: string;
  label: string;
  /** What waits on that page; none shown at 0. */
  count?: number;
}

export function NavTabs({
  label,
  tabs,
  className,
}: {
  label: string;
  tabs: NavTab[];
  className?: string;
}) {
  return (
    <nav aria-label={label} className={cn("flex gap-1", className)}>
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end
          className={({ isActive }) =>
            cn(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
              isActive
                ? "border-indigo-600 text-slate-900"
                : "border-transparent text-muted-foreground hover:text-slate-900",
            )
          }
        >
          {tab.label}
          {tab.count ? (
            <span className="ml-1.5 rounded-full bg-indigo-100 px-1.5 text-xs text-indigo-800">
              {tab.count}
              <span className="sr-only"> waiting</span>
            </span>
          ) : null}
        </NavLink>
      ))}
    </nav>
  );
}
