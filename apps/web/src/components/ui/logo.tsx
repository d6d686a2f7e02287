export function Logo({ className, alt }: { className?: string; alt: string }) {
  return <img className={className} src="./logo.svg" alt={alt} width={32} height={32} />;
}
