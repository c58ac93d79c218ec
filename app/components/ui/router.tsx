// Remix's Link, NavLink and Form as every page uses them: without `data-discover`, which only lazy
// route discovery reads, and the whole route manifest is loaded instead (decision 075).
import {
  Form as RemixForm,
  Link as RemixLink,
  NavLink as RemixNavLink,
  type FormProps,
  type LinkProps,
  type NavLinkProps,
} from "@remix-run/react";
import { forwardRef } from "react";

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  return <RemixLink ref={ref} discover="none" {...props} />;
});

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(props, ref) {
  return <RemixNavLink ref={ref} discover="none" {...props} />;
});

export const Form = forwardRef<HTMLFormElement, FormProps>(function Form(props, ref) {
  return <RemixForm ref={ref} discover="none" {...props} />;
});
