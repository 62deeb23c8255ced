export function SiteFooter() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-8 text-center text-muted-foreground text-sm">
        <p>&copy; 2024 Cartwheel. All rights reserved.</p>
      </div>
    </footer>
  );
}
