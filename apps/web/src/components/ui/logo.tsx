/**
 * The app's mark, drawn in the page (the same drawing as public/logo.svg and the boot screen in
 * index.html). Not an <img>: an SVG image is a separate document the browser builds on the main
 * thread while the first screen loads.
 */
export function Logo({ className, alt }: { className?: string; alt: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" width={32} height={32} role="img" aria-label={alt}>
      <rect width="64" height="64" rx="14" fill="#1677ff" />
      <path d="M12 44 L26 30 L34 38 L52 18" fill="none" stroke="#fff" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="52" cy="18" r="4" fill="#22c55e" />
    </svg>
  );
}
