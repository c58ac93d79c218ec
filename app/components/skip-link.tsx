// "Skip to content": the first focusable element on a page, visible only when focused.
export function SkipLink() {
  return (
    <a href="#main" className="skip-link">
      Skip to content
    </a>
  );
}
