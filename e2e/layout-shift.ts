import type { Page } from '@playwright/test';

declare global {
  interface Window {
    __layoutShift: number;
    __shifted: string[];
    __imagesShifted: number;
  }
}

/** Widths named in a srcset ("a.webp 320w, b.webp 640w" -> [320, 640]). */
export const srcsetWidths = (srcset: string | null) =>
  (srcset ?? '')
    .split(',')
    .map((part) => Number(/\s(\d+)w$/.exec(part.trim())?.[1]))
    .filter((w) => w > 0);

/**
 * Sums every layout shift not caused by input in the page's window.__layoutShift, from the first
 * paint on (Cumulative Layout Shift), and names what moved in window.__shifted for failure messages.
 */
export async function watchLayoutShift(page: Page) {
  await page.addInitScript(() => {
    window.__layoutShift = 0;
    window.__shifted = [];
    window.__imagesShifted = 0;
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: Array<{ node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        window.__layoutShift += entry.value;
        // What moved, when and from where to where, for the failure message.
        const rect = (r: DOMRectReadOnly) =>
          `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
        for (const source of entry.sources) {
          const node = source.node as HTMLElement | null | undefined;
          if (node?.closest?.('picture, img, [data-testid="product-card"]')) window.__imagesShifted += 1;
          window.__shifted.push(
            `${Math.round(entry.startTime)} ms, ${entry.value.toFixed(4)}: ${node?.nodeName} ${node?.className} ` +
              `${node?.textContent?.slice(0, 40)} (${rect(source.previousRect)} -> ${rect(source.currentRect)}; ` +
              `page ${document.documentElement.clientWidth}x${document.documentElement.scrollHeight})`,
          );
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
